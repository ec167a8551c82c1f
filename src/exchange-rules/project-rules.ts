// Spec 2.5 "Wherever a group ID is required, the project ID is given", judged on every 2xx answer of the run under a
// project (`/groups/{id}/...`): every entity and list item that gives a groupId gives the id of the project it was
// read under, whichever check asked and whatever the resource (a write's answer, alerts, a page, /v1.0). A project
// named by its name (`/groups/byName/{name}`) is not judged: the path gives no id to compare.
import { isObject } from '../judges/json-walk.ts';
import { describeExchange } from '../judges/status.ts';
import { decodeSegment } from '../target/scope.ts';
import { entitiesIn, pathBelowBase } from './answer.ts';
import { bodiedSuccess, broken, held, notJudged, type ExchangeRule } from './rule.ts';

export const projectRules: ExchangeRule[] = [
  {
    rule: 'PROJ-ID-AS-GROUP-ID',
    title: 'every entity of every 2xx answer of the run under a project that gives a groupId gives that project’s id',
    appliesTo: bodiedSuccess,
    judge: (ctx, a) => {
      const [first, id] = pathBelowBase(ctx, a).split('/').filter(Boolean);
      if (first !== 'groups' || id === undefined || id === 'byName') return notJudged('not under a project’s id');
      const entities = entitiesIn(ctx, a);
      if (typeof entities === 'string') return notJudged(entities);
      const project = decodeSegment(id);
      const grouped = entities.filter(({ entity }) => isObject(entity) && Object.hasOwn(entity, 'groupId'));
      if (grouped.length === 0) return notJudged('no groupId');
      const other = grouped.find(({ entity }) => entity.groupId !== project);
      if (!other) return held;
      return broken(
        `${describeExchange(a.res)}: ${other.where}, read under project ${project}, gives another groupId`,
        project,
        other.entity.groupId,
      );
    },
  },
];
