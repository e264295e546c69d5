-- Two branches, of any firm, never share a digital service address (served documents go to it). Existing
-- duplicates keep the first branch's address; later ones get the branch id added before the @.
UPDATE branches b
SET digital_service_address = regexp_replace(b.digital_service_address, '@', '-' || b.id || '@')
WHERE b.digital_service_address IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM branches o
    WHERE lower(o.digital_service_address) = lower(b.digital_service_address) AND o.id < b.id
  );
CREATE UNIQUE INDEX branches_service_address_unique ON branches (lower(digital_service_address))
  WHERE digital_service_address IS NOT NULL;
