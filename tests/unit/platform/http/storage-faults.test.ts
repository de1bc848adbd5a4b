import { describe, expect, it } from "vitest";

import { isStorageFault } from "~/platform/http/storage-faults.server";

const withCode = (code: string) => Object.assign(new Error(code), { code });

describe("isStorageFault", () => {
  it("recognises a full, read-only, locked or failing disk or database", () => {
    for (const code of [
      "SQLITE_FULL",
      "SQLITE_READONLY",
      "SQLITE_READONLY_DBMOVED",
      "SQLITE_BUSY",
      "SQLITE_IOERR_WRITE",
      "ENOSPC",
      "EROFS",
      "EACCES",
      "EDQUOT",
    ]) {
      expect(isStorageFault(withCode(code)), code).toBe(true);
    }
  });

  it("leaves everything else to be a bug (500) or the client's mistake", () => {
    for (const error of [
      withCode("SQLITE_CONSTRAINT_UNIQUE"),
      withCode("ENOENT"),
      new Error("plain"),
      null,
      "SQLITE_FULL",
      { code: 28 },
    ]) {
      expect(isStorageFault(error)).toBe(false);
    }
  });
});
