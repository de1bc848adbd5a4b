export { TaskList } from "./task-list";
