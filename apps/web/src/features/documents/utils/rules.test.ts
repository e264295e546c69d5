import { describe, expect, it } from 'vitest';
import { formatFileSize } from '../../../lib/format';
import { belongsTo, resolveSubtab, statusColor } from './document-display';
import {
  birthDateFromId,
  cleanIdNumber,
  emptyParty,
  isPartyEmpty,
  isPartyValidForSave,
  partyInlineErrors,
  toCreatePartyBody,
  validatePartyForm,
  validatePartyStep,
} from './party-rules';
import {
  checkIncomingFiles,
  checkSelection,
  filterAndSort,
  paginate,
  rejectionMessage,
  uploadFlags,
} from './upload-rules';

const file = (name: string, size: number) =>
  new File([new Uint8Array(Math.min(size, 16))], name, { type: 'application/pdf' });
const sized = (name: string, size: number) => {
  const f = file(name, 1);
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('party rules', () => {
  it('strips non-digits from ID numbers and keeps at most 13', () => {
    expect(cleanIdNumber('800101-5009 087 99')).toBe('8001015009087');
  });

  it('requires exactly 13 digits and a valid SA ID', () => {
    expect(partyInlineErrors({ ...emptyParty(), id_number: '12345' }).id_number).toBe(
      'ID number must be exactly 13 digits',
    );
    expect(partyInlineErrors({ ...emptyParty(), id_number: '8001015009088' }).id_number).toBe(
      'ID number is not valid (check digit does not match)',
    );
    expect(partyInlineErrors({ ...emptyParty(), id_number: '8001015009087' }).id_number).toBeUndefined();
  });

  it('checks e-mail addresses and the birth date against the ID', () => {
    expect(partyInlineErrors({ ...emptyParty(), email: 'john@' }).email).toBe(
      'Please enter a valid email address',
    );
    expect(partyInlineErrors({ ...emptyParty(), email: 'john@example.co.za' }).email).toBeUndefined();
    expect(birthDateFromId('8001015009087', new Date('2025-01-01'))).toBe('1980-01-01');
    expect(
      partyInlineErrors({ ...emptyParty(), id_number: '8001015009087', date_of_birth: '1981-01-01' })
        .date_of_birth,
    ).toBe('Date of birth does not match the ID number');
  });

  it('lists the step 3 messages in order for individuals and entities', () => {
    expect(validatePartyStep(emptyParty())).toEqual([
      'Party title is required',
      'Party first name is required',
      'Party last name is required',
      'Party email is required',
      'Party physical address is required',
      'Party gender is required',
      'Party marital status is required',
      'Party nationality is required',
      'Party race is required',
      'Party ID number is required',
      'Party date of birth is required',
      'Party language is required',
    ]);
    expect(validatePartyStep({ ...emptyParty('entity'), role: '' })).toEqual([
      'Party role is required',
      'Trading name is required',
      'Registration number is required',
      'Business type is required',
      'Entity email is required',
      'Entity physical address is required',
    ]);
  });

  it('"Validate Form" reads "<Field> is required"', () => {
    expect(validatePartyForm({ ...emptyParty(), role: '', first_name: 'J' }).map((m) => m.message)).toEqual([
      'Role is required',
      'Title is required',
      'Last name is required',
      'Gender is required',
      'Marital status is required',
      'Nationality is required',
      'Race is required',
      'ID number is required',
      'Date of birth is required',
      'Email is required',
      'Physical address is required',
      'Language is required',
    ]);
  });

  it('counts a party as valid for saving with its key fields, and sends null for empties', () => {
    const individual = {
      ...emptyParty(),
      first_name: 'John',
      last_name: 'Smith',
      email: 'j@x.co.za',
      id_number: '8001015009087',
      physical_address: 'Durban',
    };
    expect(isPartyValidForSave(individual)).toBe(true);
    expect(isPartyValidForSave({ ...individual, physical_address: '' })).toBe(false);
    const entity = {
      ...emptyParty('entity'),
      trading_name: 'Acme',
      registration_number: '2020/1/07',
      email: 'a@acme.co.za',
      physical_address: 'Cape Town',
    };
    expect(isPartyValidForSave(entity)).toBe(true);
    expect(isPartyEmpty(emptyParty())).toBe(true);
    expect(toCreatePartyBody(individual)).toMatchObject({
      party_type: 'individual',
      title: null,
      middle_name: null,
      first_name: 'John',
      trading_name: null,
    });
  });
});

describe('upload rules', () => {
  it('rejects wrong types, files over 100 MB and duplicates with combined reasons', () => {
    const staged = [{ name: 'a.pdf', size: 10 }];
    const { accepted, rejected } = checkIncomingFiles(
      [sized('a.pdf', 10), sized('b.png', 5), sized('big.pdf', 100 * 1024 * 1024 + 1), sized('c.docx', 7)],
      { staged },
    );
    expect(accepted.map((f) => f.name)).toEqual(['c.docx']);
    expect(rejectionMessage(rejected)).toBe(
      'Some files were rejected: a.pdf: Duplicate file already staged, b.png: Invalid file type, big.pdf: File too large (max 100MB)',
    );
  });

  it('checks the selection before an upload', () => {
    expect(checkSelection(0)).toBe('Please select at least one file to upload');
    expect(checkSelection(51)).toBe('You can only upload 50 files at once. Please deselect some files.');
    expect(checkSelection(50)).toBeNull();
  });

  it('chooses chunked and parallel uploads by the thresholds', () => {
    expect(uploadFlags(Array.from({ length: 11 }, () => ({ size: 1 })))).toEqual({
      chunked: true,
      parallel: true,
    });
    expect(uploadFlags([{ size: 52_428_801 }])).toEqual({ chunked: true, parallel: false });
    expect(uploadFlags([{ size: 1 }, { size: 1 }], true)).toEqual({ chunked: false, parallel: true });
  });

  it('formats sizes in lists and summaries', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.00 MB');
    // Totals use the same format: a kilobyte file is never "0.0 MB".
    expect(formatFileSize(20 * 1024)).toBe('20.00 KB');
  });

  it('searches, sorts and paginates the uploaded files', () => {
    const files = [
      { id: 1, filename: 'b.pdf', size: 30, uploaded_at: '2025-01-02T00:00:00Z' },
      { id: 2, filename: 'a.pdf', size: 10, uploaded_at: '2025-01-03T00:00:00Z' },
      { id: 3, filename: 'c.docx', size: 20, uploaded_at: '2025-01-01T00:00:00Z' },
    ];
    expect(filterAndSort(files, '', 'name-asc').map((f) => f.id)).toEqual([2, 1, 3]);
    expect(filterAndSort(files, '', 'size-desc').map((f) => f.id)).toEqual([1, 3, 2]);
    expect(filterAndSort(files, '', 'date-asc').map((f) => f.id)).toEqual([3, 1, 2]);
    expect(filterAndSort(files, 'PDF', 'name-desc').map((f) => f.id)).toEqual([1, 2]);
    const page = paginate(
      Array.from({ length: 23 }, (_, i) => i),
      3,
    );
    expect(page).toMatchObject({ page: 3, pageCount: 3, from: 21, to: 23, total: 23 });
  });
});

describe('My Cases rules', () => {
  it('shows urgent for a missing or unknown sub-tab and drafts when resuming', () => {
    expect(resolveSubtab(null, null)).toBe('urgent');
    expect(resolveSubtab('everything', null)).toBe('urgent');
    expect(resolveSubtab('closed', null)).toBe('closed');
    expect(resolveSubtab('active', '12')).toBe('drafts');
  });

  it('places documents in sub-tabs by status and priority', () => {
    const doc = (status: string, case_priority: string | null = null) =>
      ({ status, status_enum: status, case_priority }) as never;
    expect(belongsTo(doc('draft', 'urgent'), 'urgent')).toBe(true);
    expect(belongsTo(doc('draft', 'urgent'), 'drafts')).toBe(true);
    for (const s of ['pending', 'assigned', 'in_progress', 'served', 'received'])
      expect(belongsTo(doc(s), 'active')).toBe(true);
    for (const s of ['completed', 'cancelled', 'archived']) expect(belongsTo(doc(s), 'closed')).toBe(true);
    expect(belongsTo(doc('delivered'), 'active')).toBe(false);
  });

  it('colours statuses as the spec says', () => {
    expect(['delivered', 'completed', 'served', 'received'].map(statusColor)).toEqual([
      'success',
      'success',
      'success',
      'success',
    ]);
    expect(['pending', 'in_progress', 'assigned'].map(statusColor)).toEqual([
      'warning',
      'warning',
      'warning',
    ]);
    expect(statusColor('draft')).toBe('info');
    expect(statusColor('urgent')).toBe('error');
  });
});
