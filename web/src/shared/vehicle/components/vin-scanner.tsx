// The full-screen VIN scanner, a dialog (focus kept inside, Escape closes): a camera view with a framing box, or an
// uploaded photo. The frame goes to the API as a JPEG, where the barcode (Code 39, Data Matrix) is read and the VIN
// checked; the page only shows what came back.
import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import { Camera, CheckCircle2, Loader2, RefreshCw, Upload, X } from 'lucide-react';
import {
  VIN_DETECTED_CLOSE_MS,
  VIN_SCAN_JPEG_QUALITY,
  VIN_SCAN_TEXTS,
  type ScannedVehicle,
  type VinScanResponse,
  type VinScanSource,
} from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { scanVin } from '../api/scan-vin';
import { Button, Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui';

/** The spec's camera error text for a getUserMedia failure. */
export function cameraErrorText(err: unknown): string {
  const name = err instanceof DOMException || err instanceof Error ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return VIN_SCAN_TEXTS.denied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return VIN_SCAN_TEXTS.noCamera;
  return VIN_SCAN_TEXTS.unavailable;
}

/** Longest side of a frame sent to the reader: a label's barcode stays legible, a 12 MP photo does not travel whole. */
const FRAME_MAX_SIDE = 2400;

function canvasJpeg(source: CanvasImageSource, width: number, height: number): Promise<Blob> {
  const scale = Math.min(1, FRAME_MAX_SIDE / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  canvas.getContext('2d')!.drawImage(source, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (b) => (b ? resolve(b) : reject(new Error('Could not encode the frame'))),
      'image/jpeg',
      VIN_SCAN_JPEG_QUALITY,
    ),
  );
}

function stopStream(stream: RefObject<MediaStream | null>) {
  stream.current?.getTracks().forEach((t) => t.stop());
  stream.current = null;
}

/**
 * Opens the camera into `video`; resolves to the error text to show, or null. A camera that opens once `live()` is
 * false (the scanner closed meanwhile) is stopped at once rather than left running.
 */
async function openCamera(
  video: RefObject<HTMLVideoElement | null>,
  stream: RefObject<MediaStream | null>,
  live: () => boolean,
): Promise<string | null> {
  stopStream(stream);
  if (!navigator.mediaDevices?.getUserMedia) return VIN_SCAN_TEXTS.notSupported;
  try {
    const s = await navigator.mediaDevices.getUserMedia({
      video: { facingMode: 'environment', width: { ideal: 1920 } },
    });
    if (!live()) {
      s.getTracks().forEach((t) => t.stop());
      return null;
    }
    stream.current = s;
    if (video.current) video.current.srcObject = s;
    return null;
  } catch (err) {
    return cameraErrorText(err);
  }
}

export function VinScanner({
  onClose,
  onDetected,
}: {
  onClose: () => void;
  onDetected: (vin: string, vehicle: ScannedVehicle | null) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [cameraError, setCameraError] = useState<string | null>(() =>
    !navigator.mediaDevices?.getUserMedia ? VIN_SCAN_TEXTS.notSupported : null,
  );
  const [scanError, setScanError] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const [detected, setDetected] = useState<VinScanResponse | null>(null);
  // The parent's latest callbacks, without restarting the camera when the page re-renders.
  const close = useEffectEvent(onClose);
  const found = useEffectEvent(onDetected);

  const mounted = useRef(false);
  const stopCamera = () => stopStream(stream);
  const retryCamera = async () => {
    setCameraError(null);
    setScanError(null);
    const error = await openCamera(video, stream, () => mounted.current);
    if (mounted.current) setCameraError(error);
  };

  useEffect(() => {
    let live = true;
    mounted.current = true;
    void openCamera(video, stream, () => live).then((error) => live && setCameraError(error));
    return () => {
      live = false;
      mounted.current = false;
      stopStream(stream);
    };
  }, []);

  useEffect(() => {
    if (!detected) return;
    const timer = setTimeout(() => {
      found(detected.vin, detected.vehicle);
      close();
    }, VIN_DETECTED_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [detected]);

  const scan = async (frame: Blob, source: VinScanSource) => {
    setScanning(true);
    setScanError(null);
    try {
      const result = await scanVin(frame, source);
      stopCamera();
      setDetected(result);
      toast({ title: VIN_SCAN_TEXTS.scanned, description: result.vin });
    } catch (err) {
      const fallback = source === 'photo' ? VIN_SCAN_TEXTS.noVinPhoto : VIN_SCAN_TEXTS.noVinCamera;
      setScanError(err instanceof ApiError ? (err.serverMessage ?? fallback) : fallback);
    } finally {
      setScanning(false);
    }
  };

  const capture = async () => {
    const v = video.current;
    if (!v || !stream.current || v.readyState < 2 || v.videoWidth === 0) {
      setScanError(VIN_SCAN_TEXTS.notReady);
      return;
    }
    await scan(await canvasJpeg(v, v.videoWidth, v.videoHeight), 'camera');
  };

  const fromPhoto = async (file: File | undefined) => {
    if (!file) return;
    try {
      // Re-encoded in the browser, so any image it can show (HEIC on Safari, WebP) reaches the reader as a JPEG.
      const bitmap = await createImageBitmap(file);
      const frame = await canvasJpeg(bitmap, bitmap.width, bitmap.height);
      bitmap.close();
      await scan(frame, 'photo');
    } catch {
      setScanError(VIN_SCAN_TEXTS.noVinPhoto);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent layout="fullscreen" className="bg-black text-white" data-testid="vin-scanner">
        <div className="flex items-center justify-between p-4">
          <DialogTitle className="text-lg">Scan VIN</DialogTitle>
          <DialogDescription className="sr-only">
            Point the camera at the VIN label, or upload a photo of it.
          </DialogDescription>
          <DialogClose asChild>
            <Button variant="bare" aria-label="Close scanner" className="rounded-full p-2 hover:bg-white/10">
              <X className="h-6 w-6" />
            </Button>
          </DialogClose>
        </div>
        <div className="relative flex flex-1 items-center justify-center overflow-hidden">
          {detected ? (
            <div className="text-center" data-testid="vin-detected">
              <CheckCircle2 className="mx-auto h-16 w-16 text-emerald-400" />
              <p className="mt-3 text-xl font-semibold">VIN detected</p>
              <p className="mt-1 font-mono text-2xl tracking-wider">{detected.vin}</p>
            </div>
          ) : (
            <>
              <video ref={video} autoPlay playsInline muted className="h-full w-full object-cover" />
              {/* The framing box: where the label's barcode should sit. */}
              <div className="pointer-events-none absolute inset-x-8 top-1/2 h-28 -translate-y-1/2 rounded-lg border-4 border-white/80 sm:inset-x-1/4" />
              {cameraError && (
                <p
                  role="alert"
                  className="absolute inset-x-6 top-6 rounded-lg bg-red-600/90 p-3 text-center"
                  data-testid="camera-error"
                >
                  {cameraError}
                </p>
              )}
              {scanning && (
                <p className="absolute inset-x-6 bottom-6 flex items-center justify-center gap-2 rounded-lg bg-black/70 p-3">
                  <Loader2 className="h-5 w-5 animate-spin" /> Scanning…
                </p>
              )}
              {scanError && !scanning && (
                <p
                  role="alert"
                  className="absolute inset-x-6 bottom-6 rounded-lg bg-amber-500/90 p-3 text-center text-slate-900"
                  data-testid="scan-error"
                >
                  {scanError}
                </p>
              )}
            </>
          )}
        </div>
        {!detected && (
          <div className="flex flex-wrap justify-center gap-3 p-4">
            <Button onClick={() => void capture()} disabled={scanning || cameraError !== null} variant="outline">
              <Camera className="h-5 w-5" /> Capture &amp; Scan
            </Button>
            <Button onClick={() => fileInput.current?.click()} disabled={scanning} variant="primary">
              <Upload className="h-5 w-5" /> Upload Photo
            </Button>
            <Button onClick={() => void retryCamera()} disabled={scanning} variant="outline-light">
              <RefreshCw className="h-5 w-5" /> Retry Camera
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              hidden
              onChange={(e) => {
                void fromPhoto(e.target.files?.[0]);
                e.target.value = '';
              }}
              data-testid="scan-photo-input"
            />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
