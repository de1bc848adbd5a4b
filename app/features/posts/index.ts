export { PostApiSchema, PostFormSchema } from "./schemas";
