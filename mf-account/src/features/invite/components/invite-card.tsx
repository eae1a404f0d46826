/**
 * `/mine/invite`: the user's code, the hash-based link `${origin}/#/register?invite_code=CODE` (docs/rules.md; the hash
 * form survives hosts that do not rewrite paths), a 160 px QR at error correction H, and copy buttons.
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { CopyButton, Empty, QrCode, sessionAtom, useAtomValue } from '@meridian/shared';
import { NS } from '../../../lib/ns';

export function inviteLink(origin: string, code: string): string {
  return `${origin}/#/register?invite_code=${encodeURIComponent(code)}`;
}

export function InviteCard() {
  const { t } = useTranslation(NS);
  const code = useAtomValue(sessionAtom).user?.invite_code ?? '';
  if (!code) return <Empty />;
  const link = inviteLink(window.location.origin, code);
  return (
    <Body>
      <Intro>{t('invite.intro')}</Intro>
      <QrBox data-testid="invite-qr">
        <QrCode value={link} size={160} level="H" alt={t('invite.qrAlt')} />
      </QrBox>
      <Row>
        <Col>
          <Label>{t('invite.code')}</Label>
          <CodeText dir="ltr" data-testid="invite-code">
            {code}
          </CodeText>
        </Col>
        <CopyButton text={code} />
      </Row>
      <Row>
        <Col>
          <Label>{t('invite.link')}</Label>
          <LinkText dir="ltr" data-testid="invite-link">
            {link}
          </LinkText>
        </Col>
        <CopyButton text={link} />
      </Row>
    </Body>
  );
}

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)};
`;

const Intro = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  text-align: center;
`;

/** White behind the code: scanners need the contrast on a dark theme. */
const QrBox = styled.div`
  align-self: center;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: #fff;
  line-height: 0;
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
`;

const Col = styled.div`
  flex: 1;
  min-inline-size: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
`;

const Label = styled.span`
  font-size: 13px;
  color: ${({ theme }) => theme.color.textMuted};
`;

const CodeText = styled.span`
  font-size: 22px;
  font-weight: 600;
  letter-spacing: 0.08em;
  font-family: ${({ theme }) => theme.font.mono};
  text-align: start;
`;

const LinkText = styled.span`
  font-size: 13px;
  overflow-wrap: anywhere;
  text-align: start;
`;
