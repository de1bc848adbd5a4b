import http from "node:http";

export type EarlyAnswer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Bytes of the body sent when the answer came, and whether the body had been sent in full. */
  sent: number;
  finished: boolean;
};

/**
 * Sends `head`, then `size` bytes of filler, but holds the body's last 64 KB and `tail` back until an
 * answer comes: a server that waits for the whole body never answers (rejected after `waitMs`). With
 * `contentLength` the body's full length is announced; without it the body is chunked and the server
 * has to count. Closes the connection once the answer is read.
 */
export function sendUnfinished(
  url: string,
  {
    method = "POST",
    headers,
    head = Buffer.alloc(0),
    size,
    tail = Buffer.alloc(0),
    contentLength = false,
    waitMs = 20_000,
  }: {
    method?: string;
    headers: Record<string, string>;
    head?: Buffer;
    size: number;
    tail?: Buffer;
    contentLength?: boolean;
    waitMs?: number;
  },
): Promise<EarlyAnswer> {
  const held = 64 * 1024;
  const total = head.length + size + tail.length;
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method,
      headers: contentLength ? { ...headers, "Content-Length": String(total) } : headers,
    });
    let sent = 0;
    let answered = false;
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`No answer within ${waitMs} ms while ${sent} of ${total} bytes were sent`));
    }, waitMs);
    request.on("response", (response) => {
      answered = true;
      const at = sent;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => {
        clearTimeout(timer);
        request.destroy();
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body,
          sent: at,
          finished: at >= total,
        });
      });
    });
    request.on("error", (error) => {
      if (!answered) {
        clearTimeout(timer);
        reject(error);
      }
    });
    const write = (bytes: Buffer) => {
      sent += bytes.length;
      return request.write(bytes);
    };
    write(head);
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    let filled = 0;
    const pump = () => {
      while (!answered && filled < size - held) {
        const piece = chunk.subarray(0, Math.min(chunk.length, size - held - filled));
        filled += piece.length;
        if (!write(piece)) return void request.once("drain", pump);
      }
      // The rest (and the end of the body) only once answered: never, for a server that waits for it.
    };
    pump();
  });
}

/** A multipart body's opening and closing around one file in `field`. */
export function multipartParts(field: string, filename: string, type: string) {
  const boundary = `----e2e${Date.now().toString(36)}`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    head: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
  };
}
