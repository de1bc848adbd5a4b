// The ceiling for `npm run bench`: express.static serving saved copies of the pages' HTML, in a
// process of its own like the real server. Usage: node static-ceiling.mjs DIR PORT
import express from "express";

const [dir, port] = process.argv.slice(2);
const app = express();
app.disable("x-powered-by");
app.use(express.static(dir, { extensions: ["html"] }));
app.listen(Number(port), "127.0.0.1", () => console.log("ready"));
