CREATE TABLE `import_held_posts` (
	`import_id` text NOT NULL,
	`post_id` text NOT NULL,
	`status` text NOT NULL,
	`untouched_at` integer NOT NULL,
	`released_at` integer,
	`kept_at` integer,
	PRIMARY KEY(`import_id`, `post_id`),
	FOREIGN KEY (`import_id`) REFERENCES `imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `imports` ADD `choices` text DEFAULT '{}' NOT NULL;