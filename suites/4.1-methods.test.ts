// Spec 4.1: HTTP methods. "Each resource supports only a subset of the methods. An unsupported method returns 405."
import { expectStatus } from '../src/checks/status.ts';
import { check } from '../src/suite/rule.ts';
import { firstProject, fillPath } from '../src/suite/projects.ts';
import { target } from '../src/suite/target.ts';

for (const u of target().profile.methods.unsupported) {
  check('METH-405', `${u.method} ${u.path} is 405`, async ({ target }) => {
    const path = u.path.includes('{groupId}') ? fillPath(u.path, firstProject(target)) : u.path;
    const res = await target.send({ method: u.method, path: target.v2(path) });
    expectStatus(res, 405, `${u.method} is not supported on ${u.path}`);
  });
}
