// Resources of an organization (federation settings, invoices): reached by the organization's owners only.
import type { RequestContext } from './context.ts';
import { notFound, userUnauthorized } from './errors.ts';

/** The `orgId` organization exists (404 otherwise) and the caller owns it (403 otherwise). */
export function requireOrgOwner(ctx: RequestContext, orgId: string | undefined): void {
  if (orgId !== ctx.store.org.id) throw notFound(ctx.path);
  if (!ctx.caller.record.orgRoles.includes('ORG_OWNER')) throw userUnauthorized();
}
