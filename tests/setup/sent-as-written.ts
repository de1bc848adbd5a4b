import { request } from "node:http";

/**
 * Sends `path` to the server exactly as written (fetch, as browsers do, would resolve `..` segments and
 * backslashes and drop a `#` first): its status and where it points, if anywhere.
 */
export function sentAsWritten(baseURL: string, path: string, method = "GET") {
  const { hostname, port } = new URL(baseURL);
  return new Promise<[number, string | null]>((resolve, reject) => {
    const asked = request({ hostname, port, path, method }, (response) => {
      response.resume();
      response.on("end", () => resolve([response.statusCode!, response.headers.location ?? null]));
    });
    asked.on("error", reject);
    asked.end();
  });
}
