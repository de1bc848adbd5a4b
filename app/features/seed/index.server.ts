export { seedDatabase } from "./seed.server";
