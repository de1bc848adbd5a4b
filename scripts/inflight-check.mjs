// Graceful stop check: starts a request, sends SIGTERM to the server mid-request, then completes
// the request. Passes when the response still arrives with 200. Usage: node inflight-check.mjs PORT PID
import { connect } from "node:net";

const [port, pid] = process.argv.slice(2).map(Number);
const socket = connect(port, "127.0.0.1");
let response = "";
socket.setEncoding("utf8");
socket.on("data", (chunk) => (response += chunk));
socket.on("connect", () => {
  socket.write("GET /blog HTTP/1.1\r\nHost: 127.0.0.1\r\n"); // headers not finished: the request is open
  setTimeout(() => {
    process.kill(pid, "SIGTERM");
    setTimeout(() => socket.write("Accept: text/html\r\n\r\n"), 300);
  }, 200);
});
socket.on("close", () => {
  const status = response.split(" ")[1];
  if (status === "200") {
    console.log("in-flight request finished with 200 after SIGTERM");
  } else {
    console.error(`in-flight request got ${status ?? "no answer"} after SIGTERM`);
    process.exitCode = 1;
  }
});
setTimeout(() => {
  console.error("in-flight request: no answer within 10 s");
  process.exit(1);
}, 10_000).unref();
