-- The words of every public page, one row a page (published and draft copy as JSON), and the copy each publish replaced.
CREATE TABLE `page_copy` (
	`key` text PRIMARY KEY NOT NULL,
	`published` text NOT NULL,
	`draft` text,
	`position` integer DEFAULT 0 NOT NULL,
	`hidden` integer DEFAULT false NOT NULL,
	`published_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`published_by` text,
	`draft_saved_at` integer,
	`draft_saved_by` text,
	FOREIGN KEY (`published_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`draft_saved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `page_revisions` (
	`id` text PRIMARY KEY NOT NULL,
	`page_key` text NOT NULL,
	`copy` text NOT NULL,
	`published_by` text,
	`published_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`page_key`) REFERENCES `page_copy`(`key`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`published_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `page_revisions_page_idx` ON `page_revisions` (`page_key`,`created_at`);