-- Experiments on a page's words (decision 056): the arms, and one row per visitor-day that saw one.
CREATE TABLE `experiment_visitors` (
	`experiment_id` integer NOT NULL,
	`day` text NOT NULL,
	`visitor` text NOT NULL,
	`arm` text NOT NULL,
	`converted` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`experiment_id`, `day`, `visitor`),
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `experiment_visitors_arm_idx` ON `experiment_visitors` (`experiment_id`,`arm`,`day`);--> statement-breakpoint
CREATE TABLE `experiments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`page_key` text NOT NULL,
	`field` text NOT NULL,
	`arms` text NOT NULL,
	`goal` text NOT NULL,
	`share` integer DEFAULT 100 NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`started_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`started_by` text,
	`stopped_at` integer,
	`stopped_by` text,
	`applied_arm` text,
	FOREIGN KEY (`started_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`stopped_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `experiments_one_running_per_page` ON `experiments` (`page_key`) WHERE status = 'running';