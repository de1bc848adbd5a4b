CREATE TABLE `page_vitals` (
	`page_view_id` integer NOT NULL,
	`day` text NOT NULL,
	`vital` text NOT NULL,
	`value` real NOT NULL,
	`cause` text,
	PRIMARY KEY(`page_view_id`, `vital`)
);
--> statement-breakpoint
CREATE INDEX `page_vitals_day_idx` ON `page_vitals` (`day`);--> statement-breakpoint
CREATE TABLE `vitals_daily` (
	`day` text NOT NULL,
	`page` text NOT NULL,
	`device` text NOT NULL,
	`measured` integer NOT NULL,
	`histograms` text NOT NULL,
	`causes` text NOT NULL,
	PRIMARY KEY(`day`, `page`, `device`)
);
