import { createContext, RouterContextProvider, type ServerBuild } from "react-router";

/** The client's address as the server determined it (see TRUST_PROXY handling in server/). */
export const clientIpContext = createContext<string>("unknown");
/** The routes of the running build: what the sitemap and the page cache read the handles from. */
export const buildRoutesContext = createContext<ServerBuild["routes"]>({});

/** The client's address, from a loader's or action's `context`. */
export function clientIp(context: Readonly<RouterContextProvider>): string {
  return context.get(clientIpContext);
}

/** The load context of one request: every loader and action reads these with `context.get(...)`. */
export function requestContext(values: { clientIp: string; routes: ServerBuild["routes"] }) {
  const context = new RouterContextProvider();
  context.set(clientIpContext, values.clientIp);
  context.set(buildRoutesContext, values.routes);
  return context;
}
