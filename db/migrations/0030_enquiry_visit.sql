-- The counted visit an enquiry was sent in (visits.id; null without one: JavaScript off, the API, older
-- enquiries), so the conversion rate counts visits that sent an enquiry and never goes over 100%.
ALTER TABLE `enquiries` ADD `visit_id` integer;
