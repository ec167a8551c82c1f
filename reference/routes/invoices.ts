// The organization's pending invoice (spec 2.6: the sku of billing line items gained the FLEX legacy usage-hour
// values on 02 May 2025). Skus are stored with the neutral vendor word PLATFORM and served with the target's.
import type { RequestContext } from '../context.ts';
import { orNotFound } from '../errors.ts';
import { entityLinks } from '../links.ts';
import { requireOrgOwner } from '../orgs.ts';
import { entity } from '../respond.ts';
import type { Route } from '../router.ts';
import type { Invoice } from '../store.ts';

function invoiceView(ctx: RequestContext, invoice: Invoice) {
  const vendorSku = (sku: unknown) => String(sku).replace(/^PLATFORM_/, `${ctx.vendor.toUpperCase()}_`);
  const lineItems: Record<string, unknown>[] = invoice.lineItems.map((item) => ({ ...item, sku: vendorSku(item.sku) }));
  // Mutant: a FLEX legacy usage-hour sku with a size the release notes do not list (N = 600).
  if (ctx.mutants.has('BILLING-SKU-FLEX'))
    lineItems.push({ ...lineItems[0], sku: vendorSku('PLATFORM_FLEX_AWS_LEGACY_600_USAGE_HOURS') });
  const amountBilledCents = lineItems.reduce((sum, item) => sum + Number(item.totalPriceCents ?? 0), 0);
  const { orgId, ...fields } = invoice;
  return {
    ...fields,
    amountBilledCents,
    lineItems,
    orgId,
    links: entityLinks(ctx, `/orgs/${orgId}/invoices/pending`, [], false),
  };
}

export const invoiceRoutes: Route[] = [
  {
    path: '/orgs/{orgId}/invoices/pending',
    methods: {
      GET: (ctx) => {
        requireOrgOwner(ctx, ctx.params.orgId);
        return entity(
          invoiceView(
            ctx,
            orNotFound(
              ctx.store.invoices.find((i) => i.orgId === ctx.params.orgId && i.statusName === 'PENDING'),
              ctx.path,
            ),
          ),
        );
      },
    },
  },
];
