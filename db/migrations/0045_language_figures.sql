-- Analytics per language: the days already rolled up get their visits' language from their landing pages
-- (a prefix of one of the site's languages, "/ga/…"; the default language otherwise, the landings kept
-- as "(other)" too). Visitors are the landings' summed: a visitor who landed twice in a day counts twice.
INSERT INTO `analytics_daily` (`day`, `dimension`, `value`, `visitors`, `visits`, `views`)
WITH
  `site` AS (
    SELECT coalesce((SELECT `default_language` FROM `language_settings` WHERE `id` = 1), 'en') AS `default_language`,
      coalesce((SELECT `languages` FROM `language_settings` WHERE `id` = 1), '[]') AS `languages`),
  `landings` AS (
    SELECT `d`.`day`, `d`.`visitors`, `d`.`visits`, `d`.`views`,
      CASE WHEN (`d`.`value` GLOB '/[a-z][a-z]' OR `d`.`value` GLOB '/[a-z][a-z]/*')
          AND substr(`d`.`value`, 2, 2) IN (SELECT `value` FROM json_each(`site`.`languages`))
        THEN substr(`d`.`value`, 2, 2) ELSE `site`.`default_language` END AS `lang`
    FROM `analytics_daily` `d`, `site`
    WHERE `d`.`dimension` = 'landing'
      AND `d`.`day` NOT IN (SELECT `day` FROM `analytics_daily` WHERE `dimension` = 'language'))
SELECT `day`, 'language', `lang`, sum(`visitors`), sum(`visits`), sum(`views`)
FROM `landings` GROUP BY `day`, `lang`;
