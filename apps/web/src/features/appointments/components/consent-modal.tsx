import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Alert, Box, Button, Group, Loader, LoadingOverlay, ScrollArea, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type SignaturePad from 'signature_pad';
import type { PointGroup } from 'signature_pad';
import { AppModal } from '../../../components/app-modal';
import { errorMessage } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { signedConsent, stripDataUrl, useSignConsent, type Consent } from '../api/appointments';

/** Spec 002 §9: the canvas is 1080x524 drawn, 540x262 shown (twice the density), pen 2, black. */
export const canvasSize = { width: 1080, height: 524 } as const;
export const displaySize = { width: 540, height: 262 } as const;
const penWidth = 2;
/** Below this width the 540-pixel drawing area does not fit beside the modal's margins (decision 106). */
export const largerDeviceQuery = '(max-width: 40em)';

type PadState = 'loading' | 'ready' | 'failed';

/**
 * The strokes drawn for a consent so far, in CSS pixels of the fixed 540x262 area. The modal keeps
 * them, not the drawing area: a window narrowed below the phone width (a tablet turned) replaces the
 * area with the larger-device message, and widening it again starts a new pad, which redraws them.
 */
type Drawing = { consentId: number; strokes: PointGroup[] };

/**
 * The drawing area. signature_pad is loaded with the modal (its own chunk); if it cannot load or
 * start, the spec's 'Cannot initialize signing modal' text replaces the area.
 */
function useSignaturePad(
  canvas: HTMLCanvasElement | null,
  consentId: number,
  drawingRef: RefObject<Drawing | null>,
) {
  const pad = useRef<SignaturePad | null>(null);
  const [state, setState] = useState<PadState>('loading');
  useEffect(() => {
    if (!canvas) return;
    let cancelled = false;
    import('signature_pad')
      .then(({ default: SignaturePadClass }) => {
        if (cancelled) return;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d context');
        // signature_pad takes pointer positions in CSS pixels; the canvas has twice as many. Set, not
        // multiplied, so the transform is right however often a pad starts on this canvas.
        const sx = canvasSize.width / displaySize.width;
        const sy = canvasSize.height / displaySize.height;
        context.setTransform(sx, 0, 0, sy, 0, 0);
        const created = new SignaturePadClass(canvas, {
          minWidth: penWidth,
          maxWidth: penWidth,
          penColor: 'black',
        });
        const kept = drawingRef.current?.consentId === consentId ? drawingRef.current.strokes : [];
        if (kept.length > 0) created.fromData(kept);
        created.addEventListener('endStroke', () => {
          drawingRef.current = { consentId, strokes: created.toData() };
        });
        pad.current = created;
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      pad.current?.off();
      pad.current = null;
    };
  }, [canvas, consentId, drawingRef]);
  return { pad, state };
}

export interface ConsentModalProps {
  consent: Consent | null;
  patientId: number;
  /** The patient's name when a responsible person signs for them. */
  actingForName?: string | null;
  onClose: () => void;
}

/** Spec 002 §2 "Consent signing modal", §4 "Consent signing". */
export function ConsentModal({ consent, patientId, actingForName, onClose }: ConsentModalProps) {
  const phone = useMediaQuery(largerDeviceQuery) ?? false;
  const drawingRef = useRef<Drawing | null>(null);
  // Closed (saved, cancelled, Escape): the next opening starts with an empty area.
  const close = () => {
    drawingRef.current = null;
    onClose();
  };
  return (
    <AppModal
      opened={consent !== null}
      onClose={close}
      title={consent ? t('consent.signTitle', { title: consent.title }) : ''}
      size={620}
      testId="consent-modal"
    >
      {consent &&
        (phone ? (
          <Alert color="yellow" data-testid="consent-larger-device">
            {t('consent.largerDevice')}
          </Alert>
        ) : (
          <SigningForm
            key={consent.id}
            consent={consent}
            patientId={patientId}
            actingForName={actingForName ?? null}
            drawingRef={drawingRef}
            onClose={close}
          />
        ))}
    </AppModal>
  );
}

function SigningForm({
  consent,
  patientId,
  actingForName,
  drawingRef,
  onClose,
}: {
  consent: Consent;
  patientId: number;
  actingForName: string | null;
  drawingRef: RefObject<Drawing | null>;
  onClose: () => void;
}) {
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const { pad, state } = useSignaturePad(canvas, consent.id, drawingRef);
  const sign = useSignConsent(patientId);
  const [failure, setFailure] = useState<string | null>(null);
  const instructionsId = useId();
  const textId = useId();

  function save() {
    const current = pad.current;
    // Spec §4: Save with an empty drawing just closes.
    if (!current || current.isEmpty()) {
      onClose();
      return;
    }
    setFailure(null);
    const signature = stripDataUrl(current.toDataURL('image/png'));
    sign.mutate(
      { consent: signedConsent(consent, signature) },
      { onSuccess: onClose, onError: (error) => setFailure(errorMessage(error, t('consent.saveFailed'))) },
    );
  }

  return (
    <Stack gap="sm" pos="relative">
      <LoadingOverlay visible={sign.isPending} loaderProps={{ 'aria-label': t('consent.saving') }} />
      {actingForName && <Text fw={600}>{t('consent.signingFor', { name: actingForName })}</Text>}
      <ScrollArea.Autosize mah={220} type="auto" offsetScrollbars>
        {/* Focusable so keyboard users can scroll a long consent text (axe scrollable-region-focusable). */}
        <Text
          id={textId}
          tabIndex={0}
          style={{ whiteSpace: 'pre-wrap' }}
          data-testid="consent-text"
          aria-label={consent.consentProfileInfo.title || consent.title}
          role="region"
          data-autofocus
        >
          {consent.consentProfileInfo.text}
        </Text>
      </ScrollArea.Autosize>
      <Text size="sm" id={instructionsId}>
        {t('consent.instructions')} {t('consent.noKeyboard')}
      </Text>
      {state === 'failed' ? (
        <Alert color="red" role="alert" data-testid="consent-init-failed">
          {t('consent.initFailed')}
        </Alert>
      ) : (
        <Box
          pos="relative"
          w={displaySize.width}
          h={displaySize.height}
          // Centred: the spec's 540x262 area is narrower than the dialog's content on a desktop.
          mx="auto"
          className="signature-area"
          style={{ maxWidth: '100%' }}
        >
          {state === 'loading' && (
            <Group justify="center" align="center" h="100%" pos="absolute" w="100%">
              <Loader aria-label={t('consent.loading')} />
            </Group>
          )}
          <canvas
            ref={setCanvas}
            width={canvasSize.width}
            height={canvasSize.height}
            style={{ width: displaySize.width, height: displaySize.height, touchAction: 'none' }}
            className="signature-canvas"
            role="img"
            aria-label={t('consent.canvasLabel')}
            aria-describedby={instructionsId}
            data-testid="signature-canvas"
          />
        </Box>
      )}
      {failure && (
        <Text c="red.9" role="alert" data-testid="consent-save-failed">
          {failure}
        </Text>
      )}
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={() => {
            pad.current?.clear();
            drawingRef.current = null;
          }}
          disabled={state !== 'ready'}
        >
          {t('consent.clear')}
        </Button>
        <Button onClick={save} loading={sign.isPending} disabled={state === 'loading'}>
          {t('consent.save')}
        </Button>
      </Group>
    </Stack>
  );
}
