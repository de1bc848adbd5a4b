-- Case studies in other languages: one translation a case study and language, with its own address (and its earlier ones, for a 301).
CREATE TABLE `case_study_translation_old_slugs` (
	`lang` text NOT NULL,
	`old_slug` text NOT NULL,
	`translation_id` text NOT NULL,
	PRIMARY KEY(`lang`, `old_slug`),
	FOREIGN KEY (`translation_id`) REFERENCES `case_study_translations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `case_study_translations` (
	`id` text PRIMARY KEY NOT NULL,
	`case_study_id` text NOT NULL,
	`lang` text NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`category` text NOT NULL,
	`excerpt` text NOT NULL,
	`challenge` text DEFAULT '' NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`outcome` text DEFAULT '' NOT NULL,
	`cover_alt` text,
	`metric_labels` text DEFAULT '[]' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`seo_title` text,
	`seo_description` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`source_updated_at` integer NOT NULL,
	`published_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`case_study_id`) REFERENCES `case_studies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `case_study_translations_study_lang_idx` ON `case_study_translations` (`case_study_id`,`lang`);--> statement-breakpoint
CREATE UNIQUE INDEX `case_study_translations_lang_slug_idx` ON `case_study_translations` (`lang`,`slug`);