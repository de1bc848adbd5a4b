import { AsyncLocalStorage } from "node:async_hooks";

import type { Access } from "./access";

type Actor = { id: string; username: string };
type Scope = {
  ip: string;
  requestId?: string | number;
  actor?: Actor;
  access?: Access;
  /** The path was sent with doubled slashes and is answered as the path without (server/middleware.ts). */
  doubledSlashes?: boolean;
  /** A member of staff who edits the pages asked to see their drafts (features/pages, page-preview). */
  draftPreview?: boolean;
  /** The experiments' arms this request is shown (features/experiments), and their tag for the page cache. */
  experimentArms?: ExperimentArms;
  /** The language the page is answered in ("ga" under /ga/…), set by the root middleware (platform/i18n). */
  lang?: string;
  /** The draft a live preview link opens (features/preview-links): this one item, for anyone holding it. */
  sharedPreview?: SharedPreview;
};

/** What a preview link shows: one post, case study or page's copy (by id or page key), until it expires. */
export type SharedPreview = { kind: "post" | "case-study" | "page"; target: string; expiresAt: Date };

/**
 * What a page under test shows this request: per page key, the field and the words of its arm (none for
 * the control), and a tag naming every arm shown ("3=b"), which the page cache keeps a copy under.
 */
export type ExperimentArms = {
  tag: string;
  words: Record<string, { field: string; text: string }>;
};

/**
 * Who is making the request being answered, for the audit log: the server opens a scope per request
 * (server/app.ts) and signing in or reading the session names the actor, so a service can record who
 * did something without every route passing the user down. Outside a request (the scheduler) there is none.
 * It also carries the request's id as the log names it, so an error that escapes its request is logged
 * with it (process-guard.server). It also carries the access the matched route declares (route-access.server), which requireApiAdmin reads.
 */
const scopes = new AsyncLocalStorage<Scope>();

/** Runs `fn` as the request from `ip` (`requestId` is its number in the log's lines). */
export function runInRequestScope<T>(ip: string, fn: () => T, requestId?: string | number): T {
  return scopes.run({ ip, requestId }, fn);
}

export function setRequestActor(actor: Actor) {
  const scope = scopes.getStore();
  if (scope) scope.actor = { id: actor.id, username: actor.username };
}

export function requestScope(): Readonly<Scope> | undefined {
  return scopes.getStore();
}

export function setRouteAccess(access: Access | undefined) {
  const scope = scopes.getStore();
  if (scope) scope.access = access;
}

export function noteDoubledSlashes() {
  const scope = scopes.getStore();
  if (scope) scope.doubledSlashes = true;
}

/** From here on the request is answered with the pages' drafts: never for a visitor, never cached. */
export function noteDraftPreview() {
  const scope = scopes.getStore();
  if (scope) scope.draftPreview = true;
}

/** The experiments' arms this request is shown (one copy of the page cached per tag). */
export function setExperimentArms(arms: ExperimentArms) {
  const scope = scopes.getStore();
  if (scope) scope.experimentArms = arms;
}

/** The language the request is answered in (platform/i18n, request-language): the default one unless under a prefix. */
export function setRequestLanguage(lang: string) {
  const scope = scopes.getStore();
  if (scope) scope.lang = lang;
}

/** From here on the request shows the one draft a live preview link names (never cached, never indexed). */
export function setSharedPreview(preview: SharedPreview) {
  const scope = scopes.getStore();
  if (scope) scope.sharedPreview = preview;
}
