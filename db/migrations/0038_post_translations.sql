-- Posts in other languages: one translation a post and language, with its own address (and its earlier ones, for a 301).
CREATE TABLE `post_translation_old_slugs` (
	`lang` text NOT NULL,
	`old_slug` text NOT NULL,
	`translation_id` text NOT NULL,
	PRIMARY KEY(`lang`, `old_slug`),
	FOREIGN KEY (`translation_id`) REFERENCES `post_translations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `post_translations` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`lang` text NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`excerpt` text NOT NULL,
	`content` text NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`seo_title` text,
	`seo_description` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`source_updated_at` integer NOT NULL,
	`published_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `post_translations_post_lang_idx` ON `post_translations` (`post_id`,`lang`);--> statement-breakpoint
CREATE UNIQUE INDEX `post_translations_lang_slug_idx` ON `post_translations` (`lang`,`slug`);--> statement-breakpoint
CREATE INDEX `post_translations_listing_idx` ON `post_translations` (`lang`,`status`,`published_at`);