// Prints the path of a new data folder that every test server can start from (see makeTemplate):
// `npm test` makes it once for the HTTP tests and the browser tests.
import { makeTemplate } from "./lib/start-server";

console.log(await makeTemplate());
