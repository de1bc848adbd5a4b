export { LoginSchema } from "./schemas";
