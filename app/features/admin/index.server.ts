export { adminHome } from "./home.server";
