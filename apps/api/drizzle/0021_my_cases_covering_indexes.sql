-- My Cases searched by a common word (a bank that is the plaintiff in a quarter of a debt collector's cases): the page
-- stops after its 25 rows in the sub-tab index's order, but the sub-tab's total walks that index up to its cap of
-- 1,000 matches, some 5,000 entries, and each entry was a visit to the table for the columns the filter tests (the
-- scope, the status and the search text). The sub-tab indexes now carry those columns (INCLUDE), so a count under a
-- search, a status filter or a practitioner's scope is an index-only scan (no table rows read on pages vacuum has
-- marked all-visible). The keys and
-- predicates are those of 0017, so the pages' plans do not change. Migrations run in a transaction: writes to
-- documents wait while the eight are built (once, at the upgrade; some 8 s at 100,000 documents on a loaded machine).
DROP INDEX documents_firm_list_idx;
DROP INDEX documents_branch_list_idx;
DROP INDEX documents_sheriff_list_idx;
DROP INDEX documents_list_idx;
DROP INDEX documents_firm_urgent_idx;
DROP INDEX documents_branch_urgent_idx;
DROP INDEX documents_sheriff_urgent_idx;
DROP INDEX documents_urgent_idx;
CREATE INDEX documents_firm_list_idx ON documents (firm_id, my_cases_list, updated_at DESC, id DESC)
  INCLUDE (branch_id, created_by_id, status, search_text);
CREATE INDEX documents_branch_list_idx ON documents (branch_id, my_cases_list, updated_at DESC, id DESC)
  INCLUDE (firm_id, created_by_id, status, search_text);
CREATE INDEX documents_sheriff_list_idx ON documents (assigned_sheriff_id, my_cases_list, updated_at DESC, id DESC)
  INCLUDE (status, search_text) WHERE assigned_sheriff_id IS NOT NULL;
CREATE INDEX documents_list_idx ON documents (my_cases_list, updated_at DESC, id DESC) INCLUDE (status, search_text);
CREATE INDEX documents_firm_urgent_idx ON documents (firm_id, updated_at DESC, id DESC)
  INCLUDE (branch_id, created_by_id, status, search_text) WHERE case_priority = 'urgent';
CREATE INDEX documents_branch_urgent_idx ON documents (branch_id, updated_at DESC, id DESC)
  INCLUDE (firm_id, created_by_id, status, search_text) WHERE case_priority = 'urgent';
CREATE INDEX documents_sheriff_urgent_idx ON documents (assigned_sheriff_id, updated_at DESC, id DESC)
  INCLUDE (status, search_text) WHERE case_priority = 'urgent' AND assigned_sheriff_id IS NOT NULL;
CREATE INDEX documents_urgent_idx ON documents (updated_at DESC, id DESC) INCLUDE (status, search_text)
  WHERE case_priority = 'urgent';
