// The root resource (spec 1: the API is browsable from here): `GET V2`, a SystemStatus.
import { extensionRel, type RequestContext } from '../context.ts';
import { entityLinks } from '../links.ts';
import { entity } from '../respond.ts';
import type { Route } from '../router.ts';

/** A fixed build identifier (40 hex digits, like a git commit). */
const BUILD = '0123456789abcdef0123456789abcdef01234567';

function accessListEntry(cidr: string) {
  const [ipAddress, bits] = cidr.split('/') as [string, string?];
  const whole = bits === undefined || bits === (ipAddress.includes(':') ? '128' : '32');
  return whole ? { cidrBlock: cidr, ipAddress } : { cidrBlock: cidr };
}

function systemStatus(ctx: RequestContext) {
  const { record, publicKey } = ctx.caller;
  return {
    apiKey: {
      accessList: record.accessList.map(accessListEntry),
      id: record.id,
      publicKey,
      roles: [
        ...record.orgRoles.map((roleName) => ({ orgId: ctx.store.org.id, roleName })),
        ...record.groupRoles.map(({ groupId, roleName }) => ({ groupId, roleName })),
      ],
    },
    appName: `${ctx.vendor} reference target`,
    build: BUILD,
    links: entityLinks(
      ctx,
      '',
      [
        // Mutant: the projects cannot be reached by following links from here.
        ...(ctx.mutants.has('SVC-BROWSABLE') ? [] : [[extensionRel(ctx, 'groups'), '/groups'] as [string, string]]),
        [extensionRel(ctx, 'clusters'), '/clusters'],
        [extensionRel(ctx, 'eventTypes'), '/eventTypes'],
      ],
      false,
    ),
    throttling: false,
  };
}

export const rootRoutes: Route[] = [{ path: '', methods: { GET: (ctx) => entity(systemStatus(ctx)) } }];
