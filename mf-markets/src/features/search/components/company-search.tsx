/**
 * Company search (main mode, docs/routes.md `/product`): a result opens the company popup; choosing the company stores the
 * `company_id` cookie for 3 years, then a company whose status is 0 sends the browser to its `loss_url`.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Dialog, Empty, SkeletonRows, useAppNavigate, useLoad, LoadError } from '@meridian/shared';
import { PATHS } from '@meridian/shared/pure';
import { NS } from '../../../lib/ns';
import { fetchCompanyStatus, searchCompanies, setCompanyCookie } from '../api/companies';
import type { Company } from '../api/companies';
import { useDebounced } from '../hooks/use-debounced';
import { SearchBox } from './search-box';

export function CompanySearch({ redirect = (url: string) => window.location.assign(url) }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation('common');
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), 250);
  const result = useLoad(() => (query ? searchCompanies(query) : Promise.resolve([])), query);
  const [open, setOpen] = useState<Company | null>(null);
  const navigate = useAppNavigate();

  const choose = async (c: Company) => {
    setCompanyCookie(c.id);
    const status = await fetchCompanyStatus(c.id).catch(() => null);
    setOpen(null);
    if (status && Number(status.status) === 0 && status.loss_url) redirect(status.loss_url);
    else navigate(PATHS.home);
  };

  return (
    <>
      <SearchBox value={text} onChange={setText} label={t('product.companyPlaceholder')} />
      {result.status === 'loading' && <SkeletonRows rows={4} />}
      {result.status === 'error' && <LoadError onRetry={result.reload} />}
      {result.status === 'ready' &&
        (result.data.length === 0 ? (
          <Empty text={query ? undefined : t('product.companyHint')} />
        ) : (
          <List data-testid="company-results">
            {result.data.map((c) => (
              <li key={c.id}>
                <Row type="button" onClick={() => setOpen(c)}>
                  <CompanyLogo company={c} size={28} />
                  <span>{c.name}</span>
                </Row>
              </li>
            ))}
          </List>
        ))}
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        dismissible
        title={open?.name}
        actions={
          // Stacked, full width: "Choose this company" fits on one line in every language.
          <Stacked>
            <DialogButton
              type="button"
              $primary
              onClick={() => open && void choose(open)}
              data-testid="choose-company"
            >
              {t('product.chooseCompany')}
            </DialogButton>
            <DialogButton type="button" onClick={() => setOpen(null)}>
              {tc('cancel')}
            </DialogButton>
          </Stacked>
        }
      >
        {open && (
          <Details data-testid="company-popup">
            <CompanyLogo company={open} size={48} />
            <dt>{t('product.subject')}</dt>
            <dd>{open.subject}</dd>
            <dt>{t('product.registeredAddress')}</dt>
            <dd>{open.registered_address}</dd>
            <dt>{t('product.location')}</dt>
            <dd>{open.location}</dd>
            <dt>{t('product.email')}</dt>
            <dd>{open.email}</dd>
            <dt>{t('product.url')}</dt>
            <dd>
              <a href={open.url} target="_blank" rel="noreferrer noopener">
                {open.url}
              </a>
            </dd>
          </Details>
        )}
      </Dialog>
    </>
  );
}

/** The company's logo, or its initials when it has none or the image does not load. */
function CompanyLogo({ company, size }: { company: Company; size: number }) {
  const [broken, setBroken] = useState(false);
  if (company.logo && !broken)
    return (
      <Logo
        as="img"
        src={company.logo}
        alt=""
        width={size}
        height={size}
        $size={size}
        onError={() => setBroken(true)}
      />
    );
  const initials = company.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
  return (
    <Logo aria-hidden="true" $size={size} data-testid="company-initials">
      {initials}
    </Logo>
  );
}

const Logo = styled.span<{ $size: number }>`
  flex: none;
  display: inline-grid;
  place-items: center;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  object-fit: cover;
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.primary};
  font: 700 ${({ $size }) => Math.round($size * 0.38)}px / 1 ${({ theme }) => theme.font.body};
`;

const Stacked = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.button`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  width: 100%;
  min-height: 52px;
  padding: 0 ${({ theme }) => theme.space(4)};
  border: 0;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  text-align: start;
`;

const Details = styled.dl`
  margin: 0;
  dt {
    margin-top: ${({ theme }) => theme.space(2)};
    font-size: 12px;
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const DialogButton = styled.button<{ $primary?: boolean }>`
  min-height: 48px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ $primary, theme }) => ($primary ? theme.color.primary : theme.color.surfaceRaised)};
  color: ${({ $primary, theme }) => ($primary ? theme.color.onPrimary : theme.color.text)};
  font: 600 15px / 1 ${({ theme }) => theme.font.body};
`;
