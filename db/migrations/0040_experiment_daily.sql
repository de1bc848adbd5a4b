-- Experiments' figures per day and arm, counted as they arrive (decision 056): the results read these, and the roll-up deletes the visitor rows of finished days; the figures counted so far are carried over. And newsletter sign-ups waiting for their confirmation, which alone makes one a conversion.
CREATE TABLE `experiment_daily` (
	`experiment_id` integer NOT NULL,
	`day` text NOT NULL,
	`arm` text NOT NULL,
	`visitors` integer DEFAULT 0 NOT NULL,
	`conversions` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`experiment_id`, `day`, `arm`),
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `experiment_signups` (
	`email_key` text NOT NULL,
	`experiment_id` integer NOT NULL,
	`day` text NOT NULL,
	`arm` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`email_key`, `experiment_id`),
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `experiment_signups_created_idx` ON `experiment_signups` (`created_at`);--> statement-breakpoint
INSERT INTO `experiment_daily` (`experiment_id`, `day`, `arm`, `visitors`, `conversions`)
	SELECT `experiment_id`, `day`, `arm`, count(*), sum(`converted`) FROM `experiment_visitors` GROUP BY `experiment_id`, `day`, `arm`;
