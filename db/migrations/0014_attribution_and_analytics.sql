CREATE TABLE `analytics_daily` (
	`day` text NOT NULL,
	`dimension` text NOT NULL,
	`value` text NOT NULL,
	`visitors` integer NOT NULL,
	`visits` integer NOT NULL,
	`views` integer NOT NULL,
	PRIMARY KEY(`day`, `dimension`, `value`)
);
--> statement-breakpoint
CREATE TABLE `analytics_salts` (
	`day` text PRIMARY KEY NOT NULL,
	`salt` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `page_views` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`visit_id` integer NOT NULL,
	`day` text NOT NULL,
	`path` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `page_views_day_idx` ON `page_views` (`day`);--> statement-breakpoint
CREATE INDEX `page_views_visit_idx` ON `page_views` (`visit_id`);--> statement-breakpoint
CREATE TABLE `visits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`day` text NOT NULL,
	`visitor` text NOT NULL,
	`started_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`landing_page` text NOT NULL,
	`referrer` text,
	`source` text NOT NULL,
	`medium` text NOT NULL,
	`campaign` text,
	`device` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `visits_visitor_idx` ON `visits` (`visitor`,`day`,`last_seen_at`);--> statement-breakpoint
CREATE INDEX `visits_day_idx` ON `visits` (`day`);--> statement-breakpoint
ALTER TABLE `contacts` ADD `attribution` text;--> statement-breakpoint
ALTER TABLE `contacts` ADD `visit_pages` text DEFAULT '[]' NOT NULL;