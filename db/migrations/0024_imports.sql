CREATE TABLE `imported_items` (
	`site` text NOT NULL,
	`old_key` text NOT NULL,
	`new_value` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`site`, `old_key`)
);
--> statement-breakpoint
CREATE TABLE `imports` (
	`id` text PRIMARY KEY NOT NULL,
	`source` text NOT NULL,
	`site` text NOT NULL,
	`file_name` text NOT NULL,
	`file_path` text,
	`status` text DEFAULT 'previewed' NOT NULL,
	`plan` text NOT NULL,
	`counts` text NOT NULL,
	`problems` text DEFAULT '[]' NOT NULL,
	`error` text,
	`started_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`finished_at` integer
);
