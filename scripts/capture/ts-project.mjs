// A small TypeScript project (a task tracker) with real type errors spread over
// several files, compiled with the repo's installed typescript.
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { REPO, scratch, writeTree } from "./lib.mjs";

const FILES = {
  "tsconfig.json": JSON.stringify(
    { compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true, types: [] }, include: ["src"] },
    null,
    2,
  ),
  "package.json": JSON.stringify({ name: "tasks", private: true, type: "module" }, null, 2),
  "src/model.ts": `export type Priority = "low" | "normal" | "high";

export interface Task {
  id: number;
  title: string;
  priority: Priority;
  done: boolean;
  tags: string[];
  due?: Date;
}

export interface Project {
  name: string;
  owner: { id: number; email: string };
  tasks: Task[];
}
`,
  "src/store.ts": `import type { Project, Task } from "./model.js";

export class TaskStore {
  private projects = new Map<string, Project>();

  add(project: Project): void {
    this.projects.set(project.name, project);
  }

  find(name: string): Project {
    return this.projects.get(name);
  }

  open(name: string): Task[] {
    return this.find(name).tasks.filter((t) => !t.done);
  }
}
`,
  "src/parse.ts": `import type { Priority, Task } from "./model.js";

export function parsePriority(text: string): Priority {
  const p = text.trim().toLowerCase();
  if (p === "low" || p === "normal" || p === "high") return p;
  return "urgent";
}

export function parseTask(line: string, id: number): Task {
  const [title, priority, tags] = line.split("|");
  return {
    id: String(id),
    title,
    priority: parsePriority(priority ?? "normal"),
    done: false,
    tags: tags?.split(","),
  };
}
`,
  "src/format.ts": `import type { Task } from "./model.js";

export function formatDue(task: Task): string {
  return task.due.toISOString().slice(0, 10);
}

export function formatTask(task: Task): string {
  const mark = task.done ? "x" : " ";
  return \`[\${mark}] #\${task.id} \${task.title} (\${task.priority}) due \${formatDue(task)}\`;
}
`,
  "src/report.ts": `import type { Project } from "./model.js";
import { formatTask } from "./format.js";

export function report(project: Project): string {
  const lines = project.tasks.map(formatTask);
  const high = project.tasks.filter((t) => t.priority == "critical").length;
  return [\`\${project.name} (\${project.owner.mail})\`, ...lines, \`high: \${high}\`].join("\\n");
}
`,
  "src/index.ts": `import { TaskStore } from "./store.js";
import { parseTask } from "./parse.js";
import { report } from "./report.js";

const store = new TaskStore();
const tasks = ["write docs|high|docs", "fix build|normal|ci,build"].map(parseTask);
store.add({ name: "abridge", owner: { id: "7", email: "dev@example.test" }, tasks });
console.log(report(store.find("abridge"), true));
const count: string = store.open("abridge").length;
console.log(count);
`,
};

export function tsProject(id) {
  const dir = scratch(id);
  writeTree(dir, FILES);
  symlinkSync(join(REPO, "node_modules"), join(dir, "node_modules"));
  return dir;
}
