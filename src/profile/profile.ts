// The target profile: its type, as the JSON Schema in schemas/profile.schema.json defines it (defaults applied).

export interface CredentialRef {
  publicKeyEnv?: string;
  privateKeyEnv?: string;
  tokenEnv?: string;
  localAddress?: string;
  /** A source address outside the credential's API access list (access-list rules). */
  outsideAddress?: string;
}

export interface Profile {
  name: string;
  baseUrl: string;
  plainHttpUrl?: string;
  vendor: string;
  tls: { caFile?: string; insecure: boolean };
  credentials: Record<string, CredentialRef> & { owner: CredentialRef };
  orgId?: string;
  projects: { ids: string[]; allowCreate: boolean; emptyProjectId?: string; namePrefix: string };
  versions: {
    default: string;
    deprecated: string[];
    deleted: string[];
    /** Each resource's versions, oldest first, by GET path below the v2 base. */
    resources: Record<string, string[]>;
    /** A well-formed date that is not one of a resource's versions: served in the newest version not later than it, or refused. */
    unlistedDates: 'newest-not-later' | 'refused';
    /** An Accept not of the spec's versioned form (none, application/json, a date spelt otherwise): refused or served. */
    otherAccept: 'refused' | 'served';
    deprecationHeader: string;
  };
  paging: {
    pageNumParam: string;
    itemsPerPageParam: string;
    includeCountParam: string;
    totalCountField: string;
    resultsField: string;
    maxItemsPerPage: number;
    countOffValue: 'absent' | 'zero' | 'absent-or-zero';
  };
  envelope: { statusField: string; contentField: string };
  links: { relField: string; hrefField: string };
  methods: { unsupported: { method: string; path: string }[]; volatileFields: string[] };
  /** The operations: from the target's OpenAPI document (`openapi`: a URL, a path on the target beginning with
   * /api/, or a file), else the methods per path template and the unmodifiable fields per resource (its collection's
   * template) given here, dotted at depth; and the paths served without authentication. */
  surface: {
    openapi?: string;
    methods: Record<string, string[]>;
    readOnly: Record<string, string[]>;
    /** Path templates below a generation's base served without authentication (left out of AUTH-MISSING-401). */
    unauthenticated: string[];
  };
  /** cleanupWindows: how long the cleanup waits out 429s, in windows from its first. */
  rateLimit: { limit: number; windowSeconds: number; pathPrefix: string; cleanupWindows: number };
  timeouts: { requestMs: number; connectMs: number; ruleMs: number };
  /** Retries of a 5xx (spec 7.2), with a doubling pause. */
  retries: { count: number; backoffMs: number };
  crawl: { maxDepth: number; maxRequests: number };
  maxBodyBytes: number;
  concurrency: number;
  allowBillable: boolean;
  eventTypes: { nameField: string };
  /** Event types of the audit-event variant NDS Audits (spec 6 names six; the real service's others by default). */
  events: { ndsAuditTypes: string[] };
  alertConfigs: { severityOverrideValues: string[]; variants: { name: string; body: Record<string, unknown> }[] };
  /** Paths below the v2 base; '' when the target does not offer the endpoint. */
  endpoints: {
    documented: string[];
    federationSettings: string;
    slowQueryLogs: string;
    customDbRoles: string;
    encryptionAtRest: string;
    pendingInvoice: string;
    accessList: string;
    outageSimulation: string;
  };
}
