import type { ApiCall } from './resource';

/** What a write answers besides its record: the server's message for the success toast. */
export interface WriteMeta {
  message?: string;
}

/** The answer of an action: its result and the server's message. */
export interface ActionResult<Result> {
  data: Result;
  meta: WriteMeta;
}

/**
 * A call that is not CRUD (block a customer, set an order's status, reply to a ticket, save a
 * setting), declared beside its resource in `api.actions` and offered by the dataProvider as a
 * typed method of the same name. `Params` fill the path's `:name` parts and the body (or, for a
 * GET, the query); the answer's `result` (or `result[resultKey]`) is the action's `data`.
 */
export interface ActionCall<Params, Result> extends ApiCall {
  /** Carries the types only; never set. */
  readonly types?: { params: Params; result: Result };
}

/** Declares an action: `setCustomerStatus: action<{ id: Identifier; status: string }>({...})`. */
export function action<Params extends object = Record<string, never>, Result = unknown>(
  call: ApiCall,
): ActionCall<Params, Result> {
  return call;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyActionCall = ActionCall<any, any>;

/** The provider methods that a set of declared actions becomes. */
export type ActionMethods<Actions extends Record<string, AnyActionCall>> = {
  [Name in keyof Actions]: Actions[Name] extends ActionCall<infer Params, infer Result>
    ? (params: Params) => Promise<ActionResult<Result>>
    : never;
};
