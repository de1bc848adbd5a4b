-- The languages the site is in, page copy in other languages (one translation a page and language), and the language an enquiry was sent in.
CREATE TABLE `language_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`default_language` text NOT NULL,
	`languages` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `page_translations` (
	`page_key` text NOT NULL,
	`lang` text NOT NULL,
	`published` text,
	`draft` text,
	`published_at` integer,
	`published_by` text,
	`source_published_at` integer,
	`draft_saved_at` integer,
	`draft_saved_by` text,
	PRIMARY KEY(`page_key`, `lang`),
	FOREIGN KEY (`page_key`) REFERENCES `page_copy`(`key`) ON UPDATE cascade ON DELETE cascade,
	FOREIGN KEY (`published_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`draft_saved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `enquiries` ADD `lang` text;