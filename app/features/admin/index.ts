export { AdminError, refusalFrame } from "./admin-error";
export { TaskList } from "./task-list";
