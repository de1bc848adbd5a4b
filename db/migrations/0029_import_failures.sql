CREATE TABLE `import_failures` (
	`import_id` text NOT NULL,
	`post_id` text NOT NULL,
	`kind` text NOT NULL,
	`address` text NOT NULL,
	`source` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`import_id`, `post_id`, `kind`, `address`),
	FOREIGN KEY (`import_id`) REFERENCES `imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `imports` ADD `keep_drafts` integer DEFAULT true NOT NULL;