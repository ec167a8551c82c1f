// The writes of a project the target offers beyond the writable surface (writes.ts), which the refusal rules (spec 1,
// 5) send with a real change and read back: acknowledging an open alert (a PATCH), adding an entry to the IP access
// list and removing one (the profile's endpoints.accessList; addresses of TEST-NET-1 only, as date-fields.ts), and
// the encryption-at-rest settings (endpoints.encryptionAtRest; only a key service that is not enabled, so that a
// change wrongly taken touches no key in use). Each under both generations (spec 9.4: /v1.0 serves the same
// resources); what the owner makes for them is deleted afterwards.
import { isObject, type JsonObject } from '../../judges/json-walk.ts';
import { expectProfilePathServed } from '../../judges/profile-path.ts';
import { deleteCreated, noteCreated, type Created } from '../../target/created.ts';
import { runName } from '../../harness/run-name.ts';
import type { Target } from '../../target/target.ts';
import type { RefusableWrite } from '../refused-write.ts';
import { acknowledgementUndo, openAlert } from './open-alert.ts';
import { testNetAddress } from './date-fields.ts';
import { generations } from '../../generation.ts';

/** A write with the resource that names it in reports. */
export type NamedWrite = RefusableWrite & { resource: string };

/** The nth addresses of the run's TEST-NET-1 entries that these writes use (date-fields.ts counts from 0). */
const addressNumber = { create: 250, remove: 251 };

/** Acknowledging the alert with a comment of the run's; undone by putting back the acknowledgement it had
 * (open-alert.ts). */
export function acknowledgements(t: Target, project: string, alert: JsonObject): NamedWrite[] {
  const path = `${project}/alerts/${alert.id}`;
  const comment = alert.acknowledgementComment;
  const putBack = acknowledgementUndo(t, path, alert);
  const until = new Date(Date.now() + 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z');
  return generations.map((generation) => ({
    resource: 'alert acknowledgement',
    method: 'PATCH',
    path,
    body: { acknowledgedUntil: until },
    key: 'id',
    generation,
    change: { field: 'acknowledgementComment', current: comment, changed: runName(t, 'acknowledged') },
    ...putBack,
  }));
}

/** The key field of each key service of the encryption-at-rest settings, Google Cloud KMS first. */
const keyFields: [string, string][] = [
  ['googleCloudKms', 'keyVersionResourceID'],
  ['awsKms', 'customerMasterKeyID'],
  ['azureKeyVault', 'keyIdentifier'],
];

/** A change of the key of a key service that is not enabled, or none. */
export function encryptionChanges(t: Target, path: string, settings: JsonObject): NamedWrite[] {
  const found = keyFields.find(([s]) => isObject(settings[s]) && (settings[s] as JsonObject).enabled === false);
  if (!found) return [];
  const [service, keyField] = found;
  const current = settings[service] as JsonObject;
  return generations.map((generation) => ({
    resource: 'encryption at rest',
    method: 'PATCH',
    path,
    body: {},
    key: 'id',
    generation,
    change: {
      field: service,
      current,
      changed: { ...current, [keyField]: runName(t, 'key') },
    },
  }));
}

/** Runs `use` with the other writes of the project; the access-list entry the removals name is the owner's, made
 * first and deleted afterwards. */
export async function withOtherWrites(
  t: Target,
  groupId: string,
  use: (writes: NamedWrite[]) => Promise<void>,
): Promise<void> {
  const project = `/groups/${groupId}`;
  const writes: NamedWrite[] = [];
  const alert = await openAlert(t, project);
  if (alert) writes.push(...acknowledgements(t, project, alert));
  const ear = t.profile.endpoints.encryptionAtRest.replace('{groupId}', groupId);
  if (t.profile.endpoints.encryptionAtRest !== '') {
    const res = await t.get(t.v2(ear));
    expectProfilePathServed(res, 'endpoints.encryptionAtRest', 'the owner reads the encryption-at-rest settings');
    if (res.status === 200) writes.push(...encryptionChanges(t, ear, res.jsonObject()));
  }
  let made: Created | undefined;
  try {
    const list = t.profile.endpoints.accessList.replace('{groupId}', groupId);
    if (t.profile.endpoints.accessList !== '') {
      const kept = testNetAddress(t, addressNumber.remove);
      const res = await t.send({
        method: 'POST',
        path: t.v2(list),
        json: [{ ipAddress: kept, comment: runName(t, 'kept') }],
      });
      expectProfilePathServed(res, 'endpoints.accessList', 'the owner adds an access-list entry');
      if (res.status >= 200 && res.status < 300) made = noteCreated(t, t.v2(`${list}/${encodeURIComponent(kept)}`));
      const entry = { ipAddress: testNetAddress(t, addressNumber.create), comment: runName(t, 'added') };
      for (const generation of generations) {
        writes.push({
          resource: 'access-list entry',
          method: 'POST',
          path: list,
          body: entry,
          key: 'ipAddress',
          generation,
          asList: true,
        });
        if (made)
          writes.push({
            resource: 'access-list entry',
            method: 'DELETE',
            path: `${list}/${encodeURIComponent(kept)}`,
            body: {},
            key: 'ipAddress',
            generation,
          });
      }
    }
    await use(writes);
  } finally {
    if (made) await deleteCreated(t, made);
  }
}
