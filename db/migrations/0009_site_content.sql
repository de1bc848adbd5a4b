CREATE TABLE `client_logos` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`logo` text,
	`url` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'published' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `packages` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`price_per_month` integer NOT NULL,
	`features` text DEFAULT '[]' NOT NULL,
	`popular` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'published' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `project_slug_redirects` (
	`old_slug` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `work_projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `seeded_content` (
	`kind` text PRIMARY KEY NOT NULL,
	`seeded_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `site_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`values` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `team_members` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`bio` text DEFAULT '' NOT NULL,
	`photo` text,
	`highlights` text DEFAULT '[]' NOT NULL,
	`team` text DEFAULT '' NOT NULL,
	`team_summary` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'published' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `testimonials` (
	`id` text PRIMARY KEY NOT NULL,
	`quote` text NOT NULL,
	`name` text NOT NULL,
	`role` text DEFAULT '' NOT NULL,
	`company` text DEFAULT '' NOT NULL,
	`image` text,
	`featured` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'published' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_work_projects` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`client_name` text DEFAULT '' NOT NULL,
	`excerpt` text NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`challenge` text DEFAULT '' NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`outcome` text DEFAULT '' NOT NULL,
	`category` text NOT NULL,
	`cover_image` text,
	`cover_alt` text,
	`gallery` text DEFAULT '[]' NOT NULL,
	`metrics` text DEFAULT '[]' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`credits` text DEFAULT '[]' NOT NULL,
	`testimonial_id` text,
	`featured` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'published' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`published_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`testimonial_id`) REFERENCES `testimonials`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_work_projects`("id", "title", "slug", "excerpt", "content", "category", "cover_image", "metrics", "tags", "featured", "status", "position", "published_at", "created_at", "updated_at", "deleted_at") SELECT w."id", w."title", w."slug", w."excerpt", w."content", w."category", w."cover_image",
  -- "312% Online Bookings" becomes {"value":"312%","label":"Online Bookings"}: the first word is the figure.
  (SELECT json_group_array(json_object(
    'value', CASE WHEN instr(trim(m.value), ' ') = 0 THEN trim(m.value) ELSE substr(trim(m.value), 1, instr(trim(m.value), ' ') - 1) END,
    'label', CASE WHEN instr(trim(m.value), ' ') = 0 THEN '' ELSE trim(substr(trim(m.value), instr(trim(m.value), ' ') + 1)) END))
   FROM json_each(w."metrics") m),
  w."tags", w."featured", 'published',
  -- The order the portfolio showed them in: newest first.
  (SELECT count(*) FROM `work_projects` o WHERE o."created_at" > w."created_at"),
  w."created_at", w."created_at", w."updated_at", w."deleted_at" FROM `work_projects` w;--> statement-breakpoint
DROP TABLE `work_projects`;--> statement-breakpoint
ALTER TABLE `__new_work_projects` RENAME TO `work_projects`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `work_projects_slug_unique` ON `work_projects` (`slug`);--> statement-breakpoint
CREATE INDEX `work_projects_category_idx` ON `work_projects` (`category`);--> statement-breakpoint
CREATE INDEX `work_projects_order_idx` ON `work_projects` (`status`,`position`);