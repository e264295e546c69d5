import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, reply, type MockRequest } from '../../../testing/api-server';
import { renderWithProviders, signIn } from '../../../testing/render';
import { makeAttempt, makePhoto } from '../../../testing/service-factories';
import { RecordAttemptDialog } from './record-attempt-dialog';

// ---- navigator.geolocation, answered by the test ----------------------------------------------------------------

type Pending = {
  success: PositionCallback;
  failure?: PositionErrorCallback | null;
  options?: PositionOptions;
};
const asked: Pending[] = [];
const geolocation = {
  getCurrentPosition: vi.fn(
    (success: PositionCallback, failure?: PositionErrorCallback | null, options?: PositionOptions) =>
      void asked.push({ success, failure, options }),
  ),
};

const position = (latitude: number, longitude: number, accuracy: number) =>
  ({
    coords: {
      latitude,
      longitude,
      accuracy,
      altitude: null,
      altitudeAccuracy: null,
      heading: null,
      speed: null,
    },
    timestamp: Date.now(),
  }) as GeolocationPosition;
const refusal = (code: 1 | 2 | 3) =>
  ({
    code,
    message: 'no',
    PERMISSION_DENIED: 1,
    POSITION_UNAVAILABLE: 2,
    TIMEOUT: 3,
  }) as GeolocationPositionError;

// ---- XMLHttpRequest, for the photo uploads (the API client sends them over XHR for the progress) ---------------------

type Sent = { method: string; url: string; headers: Record<string, string>; body: FormData; xhr: FakeXhr };
const sent: Sent[] = [];
class FakeXhr {
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  private request = { method: '', url: '', headers: {} as Record<string, string> };
  open(method: string, url: string) {
    this.request.method = method;
    this.request.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.request.headers[name] = value;
  }
  send(body: FormData) {
    sent.push({ ...this.request, body, xhr: this });
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

const setup = () => {
  signIn();
  const api = mockApi({
    'POST /documents/42/service-attempts': reply(201, {
      status: 'success',
      data: makeAttempt(),
      message: 'Service attempt recorded',
    }),
  });
  const onClose = vi.fn();
  const user = userEvent.setup({ delay: null });
  renderWithProviders(
    <RecordAttemptDialog
      open
      documentId={42}
      defaultAddress="14 Jan Smuts Avenue, Johannesburg"
      onClose={onClose}
    />,
  );
  return { ...api, onClose, user };
};

const chooseOutcome = async (user: ReturnType<typeof userEvent.setup>, label: string) => {
  await user.click(screen.getByRole('combobox', { name: /outcome/i }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: label }));
};

const attemptBody = (calls: MockRequest[]) =>
  calls.find((c) => c.method === 'POST' && c.path === '/documents/42/service-attempts')?.body as Record<
    string,
    unknown
  >;

beforeEach(() => {
  asked.length = 0;
  sent.length = 0;
  geolocation.getCurrentPosition.mockClear();
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('recording an attempt: the GPS position', () => {
  it('asks for a high-accuracy fix, shows "Position ±12 m" and sends it with the phone’s time and offset', async () => {
    const { user, calls } = setup();
    expect(screen.getByTestId('gps-status')).toHaveTextContent('Finding your position…');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.options).toMatchObject({ enableHighAccuracy: true });
    act(() => asked[0]!.success(position(-26.171502, 28.032417, 11.6)));
    expect(screen.getByTestId('gps-status')).toHaveTextContent('Position ±12 m');
    expect(screen.getByTestId('gps-status')).toHaveTextContent('-26.171502, 28.032417');

    // The address comes from the recipient's; the outcome is chosen.
    expect(screen.getByRole('textbox', { name: /address/i })).toHaveValue(
      '14 Jan Smuts Avenue, Johannesburg',
    );
    await chooseOutcome(user, 'Not found (non est)');
    await user.type(screen.getByRole('textbox', { name: /notes/i }), 'Gate locked; neighbour says he moved.');
    await user.click(screen.getByRole('button', { name: 'Save Attempt' }));

    await screen.findByText(/Service attempt recorded at/);
    const body = attemptBody(calls);
    expect(body).toMatchObject({
      address: '14 Jan Smuts Avenue, Johannesburg',
      latitude: -26.171502,
      longitude: 28.032417,
      accuracy_m: 11.6,
      outcome: 'not_found',
      notes: 'Gate locked; neighbour says he moved.',
    });
    // The phone's clock with its own offset (the tests run on South African time).
    expect(body.device_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+02:00$/);
    expect(Math.abs(Date.parse(String(body.device_time)) - Date.now())).toBeLessThan(60_000);
  });

  it('says clearly when location is refused, retries on request, and saves without GPS (all three fields null)', async () => {
    const { user, calls } = setup();
    act(() => asked[0]!.failure?.(refusal(1)));
    expect(screen.getByTestId('gps-status')).toHaveTextContent('Location permission was refused.');
    expect(screen.getByRole('button', { name: 'Save Without GPS' })).toBeEnabled();

    // Try again: a new request, this time unavailable.
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(asked).toHaveLength(2);
    expect(screen.getByTestId('gps-status')).toHaveTextContent('Finding your position…');
    act(() => asked[1]!.failure?.(refusal(2)));
    expect(screen.getByTestId('gps-status')).toHaveTextContent('The position is not available');

    await chooseOutcome(user, 'Service refused');
    await user.click(screen.getByRole('button', { name: 'Save Without GPS' }));
    await screen.findByText(/Service attempt recorded at/);
    expect(attemptBody(calls)).toMatchObject({
      latitude: null,
      longitude: null,
      accuracy_m: null,
      outcome: 'refused',
      notes: null,
    });
  });

  it('needs an address and an outcome before sending', async () => {
    const { user, calls } = setup();
    await user.clear(screen.getByRole('textbox', { name: /address/i }));
    await user.click(screen.getByRole('button', { name: 'Save Without GPS' }));
    expect(screen.getByText('The address where service was attempted is required')).toBeInTheDocument();
    expect(screen.getByText('Please choose the outcome')).toBeInTheDocument();
    expect(attemptBody(calls)).toBeUndefined();
  });
});

describe('recording an attempt: the photos', () => {
  it('uploads each photo as multipart "photos" with progress, shows its SHA-256, and keeps a failed one for Retry', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { user } = setup();
    act(() => asked[0]!.success(position(-26.1715, 28.0324, 8)));
    await chooseOutcome(user, 'Not found (non est)');
    await user.click(screen.getByRole('button', { name: 'Save Attempt' }));
    await screen.findByRole('heading', { name: 'Photos of the Attempt' });

    const input = screen.getByTestId('attempt-photo-input') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('capture', 'environment');
    expect(input.multiple).toBe(true);
    const door = new File([new Uint8Array([0xff, 0xd8, 0xff, 1])], 'door.jpg', { type: 'image/jpeg' });
    const gate = new File([new Uint8Array([0xff, 0xd8, 0xff, 2])], 'gate.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [door, gate] } });
    await flush();

    // One request per photo, one at a time, to the attempt's photos, with the session.
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url).toBe('/api/v1/documents/42/service-attempts/7/photos');
    expect(sent[0]!.headers.Authorization).toBe('Bearer access-1');
    expect(sent[0]!.body.getAll('photos')).toEqual([door]);
    expect([...sent[0]!.body.keys()]).toEqual(['photos']);

    act(() => sent[0]!.xhr.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
    expect(screen.getByRole('progressbar', { name: 'Photo 1 upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByRole('button', { name: 'Uploading…' })).toBeDisabled();
    const sha = 'a3f1c2d4e5b6978812345678901234567890abcdefabcdefabcdefab12cd34ef';
    act(() =>
      sent[0]!.xhr.answer(201, {
        status: 'success',
        data: { photos: [makePhoto(1, sha)] },
        message: '1 photo uploaded',
      }),
    );
    await flush();
    expect(
      within(screen.getByRole('listitem', { name: 'Photo 1' })).getByTestId('photo-sha256'),
    ).toHaveTextContent('SHA-256 a3f1c2d4…cd34ef');

    // The second fails (the network dropped): kept with its thumbnail, the dialog cannot lose it.
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body.getAll('photos')).toEqual([gate]);
    act(() => sent[1]!.xhr.onerror?.());
    await flush();
    const failed = screen.getByRole('listitem', { name: 'Photo 2' });
    expect(within(failed).getByRole('img', { name: 'Photo 2' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('1 photo was not uploaded. It is kept here');
    expect(screen.getByRole('button', { name: 'Done' })).toBeDisabled();

    // Retry sends the same file again.
    await user.click(within(failed).getByRole('button', { name: 'Retry Photo 2' }));
    await flush();
    expect(sent).toHaveLength(3);
    expect(sent[2]!.body.getAll('photos')).toEqual([gate]);
    act(() =>
      sent[2]!.xhr.answer(201, {
        status: 'success',
        data: { photos: [makePhoto(2, 'b'.repeat(64))] },
        message: '1 photo uploaded',
      }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Done' })).toBeEnabled());
    expect(
      within(screen.getByRole('listitem', { name: 'Photo 2' })).getByTestId('photo-sha256'),
    ).toHaveTextContent(`SHA-256 bbbbbbbb…bbbbbb`);
  });
});
