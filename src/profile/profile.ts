// The target profile: its type, as the JSON Schema in schemas/profile.schema.json defines it (defaults applied).

export interface CredentialRef {
  publicKeyEnv?: string;
  privateKeyEnv?: string;
  tokenEnv?: string;
  localAddress?: string;
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
  versions: { default: string; deprecated: string[]; deleted: string[] };
  paging: {
    pageNumParam: string; itemsPerPageParam: string; includeCountParam: string; totalCountField: string;
    resultsField: string; maxItemsPerPage: number; countOffValue: 'absent' | 'zero' | 'absent-or-zero';
  };
  envelope: { statusField: string; contentField: string };
  links: { relField: string; hrefField: string };
  errors: { notFoundCodes: string[] };
  methods: { unsupported: { method: string; path: string }[] };
  rateLimit: { limit: number; windowSeconds: number; pathPrefix: string };
  timeouts: { requestMs: number; connectMs: number; ruleMs: number };
  maxBodyBytes: number;
  concurrency: number;
  allowBillable: boolean;
}
