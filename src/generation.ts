// The API's two generations (spec 9.1): the versioned one under /v2, and the legacy one under /v1.0, which serves the
// same resources (spec 9.4).
export type Generation = 'v2' | 'v1.0';

/** Both, the versioned one first. */
export const generations: readonly Generation[] = ['v2', 'v1.0'];
