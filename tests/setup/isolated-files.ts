/**
 * Test files that replace a module (`vi.mock`, `vi.doMock`): the replacement lasts for the whole process,
 * and the other files share their workers (vitest.config.ts), so each of these runs in a process of its own.
 */
export const ISOLATED = ["tests/integration/posts/posts-staff-page.test.ts"];
