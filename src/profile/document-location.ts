// Where the profile's `surface.openapi` points: a URL, a path on the target (below its base URL, read as the owner),
// or a file.

export type DocumentLocation = 'url' | 'target' | 'file';

export const locationOf = (openapi: string): DocumentLocation =>
  /^https?:\/\//.test(openapi) ? 'url' : openapi.startsWith('/api/') ? 'target' : 'file';
