import { Icon } from '../../../components/plain/icon';

const REQUIREMENTS = [
  { label: 'At least 8 characters', test: (v: string) => v.length >= 8 },
  { label: 'At least one lowercase letter', test: (v: string) => /[a-z]/.test(v) },
  { label: 'At least one uppercase letter', test: (v: string) => /[A-Z]/.test(v) },
  { label: 'At least one number', test: (v: string) => /\d/.test(v) },
];

/** The list of password requirements shown under the form (spec 2.10), ticked as they are met. Plain kit, no MUI. */
export function PasswordRequirements({ value }: { value: string }) {
  return (
    <>
      <h3
        className="ls-body2"
        style={{ fontWeight: 500, margin: '24px 0 0' }}
        id="password-requirements-title"
      >
        Password requirements
      </h3>
      <ul className="ls-list" style={{ padding: '4px 0' }} aria-labelledby="password-requirements-title">
        {REQUIREMENTS.map((requirement) => {
          const met = requirement.test(value);
          return (
            <li
              key={requirement.label}
              className="ls-list__item"
              style={{ padding: '8px 0', gap: 12, alignItems: 'center' }}
            >
              <Icon
                name={met ? 'checkCircle' : 'radioButtonUnchecked'}
                size={20}
                className={met ? 'ls-tone-success' : undefined}
                style={met ? undefined : { color: 'rgba(0, 0, 0, 0.26)' }}
              />
              <span>
                <span className="ls-body2" style={{ display: 'block' }}>
                  {requirement.label}
                </span>
                {met ? (
                  <span className="ls-body2 ls-muted" style={{ display: 'block' }}>
                    Met
                  </span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}
