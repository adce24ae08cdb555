// A Kysely plugin that keeps every query the server runs while `recording` is on (query builder and raw
// SQL alike): for tests of how many queries a call costs and how the database runs them.
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  RootOperationNode,
} from 'kysely';

export class QueryRecorder implements KyselyPlugin {
  recording = false;
  readonly queries: { node: RootOperationNode; queryId: QueryId }[] = [];

  /** Forgets what was recorded and records from now on. */
  start(): void {
    this.queries.length = 0;
    this.recording = true;
  }

  transformQuery(args: PluginTransformQueryArgs) {
    if (this.recording) this.queries.push({ node: args.node, queryId: args.queryId });
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs) {
    return Promise.resolve(args.result);
  }
}
