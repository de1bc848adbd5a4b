import type { ServerBuild } from "react-router";

type BuildRoute = NonNullable<ServerBuild["routes"][string]>;

/** Full pattern → its route, per build (the same joining React Router does). */
const tables = new WeakMap<ServerBuild["routes"], Map<string, BuildRoute>>();

/** The route a matched pattern names ("blog", "api/blog/:ref": React Router's, without a leading slash). */
export function routeOfPattern(routes: ServerBuild["routes"], pattern: string): BuildRoute | undefined {
  let table = tables.get(routes);
  if (!table) {
    table = new Map();
    for (const route of Object.values(routes)) {
      if (!route || (!route.path && !route.index)) continue;
      table.set(normalize(fullPath(routes, route.id)), route);
    }
    tables.set(routes, table);
  }
  return table.get(normalize(pattern));
}

function fullPath(routes: ServerBuild["routes"], id: string | undefined): string {
  const route = id ? routes[id] : undefined;
  if (!route) return "";
  return `${fullPath(routes, route.parentId)}/${route.path ?? ""}`;
}

const normalize = (pattern: string) => `/${pattern.split("/").filter(Boolean).join("/")}`;
