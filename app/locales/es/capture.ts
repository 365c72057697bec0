import type { TranslationShape } from '#app/lib/i18n/keys';
import type en from '../en/capture';

/** Cadenas en español de /mediaCapture. */
const es: TranslationShape<typeof en> = {
  title: 'Grabar',
  lead: 'Graba tu cámara, tu micrófono o tu pantalla, revisa la toma, conserva la parte que quieras y agrégala a tu biblioteca de medios.',
  sources: {
    legend: 'Qué grabar',
    camera: 'Cámara y micrófono',
    microphone: 'Solo micrófono',
    screen: 'Pantalla y micrófono',
    pip: 'Pantalla con tu cámara en una esquina',
    cameraHint: 'Un video con sonido.',
    microphoneHint: 'Solo sonido: se guarda como audio.',
    screenHint: 'Tu navegador pregunta qué pantalla, ventana o pestaña compartir.',
    pipHint: 'La pantalla que compartes, con tu cámara en la esquina inferior.',
  },
  actions: {
    prepare: 'Activar',
    preparing: 'Activando…',
    turnOff: 'Desactivar',
    start: 'Empezar a grabar',
    pause: 'Pausar',
    resume: 'Continuar',
    stop: 'Detener',
    again: 'Grabar de nuevo',
    upload: 'Agregar a mi biblioteca',
    retry: 'Intentar la subida de nuevo',
    another: 'Grabar otra',
    openLibrary: 'Abrir tu biblioteca de medios',
  },
  state: {
    ready: 'Listo: revisa la imagen y el sonido y empieza a grabar.',
    recording: 'Grabando',
    paused: 'En pausa',
    stopped: 'Tu toma está lista para revisar.',
  },
  timer: 'Tiempo grabado',
  level: 'Nivel del micrófono',
  preview: {
    live: 'Vista previa en vivo',
    take: 'Tu toma',
    audio: 'Tu toma (solo sonido)',
  },
  trim: {
    label: 'Parte que se conserva',
    start: 'Inicio de la parte que se conserva',
    end: 'Final de la parte que se conserva',
    summary: 'Se conserva de {{start}} a {{end}} ({{length}}).',
    hint: 'Mueve los controles con el mouse, o con las flechas (una décima de segundo) y Re Pág o Av Pág (cinco segundos).',
    tooShort: 'Conserva al menos un segundo.',
  },
  details: {
    title: 'Título',
    defaultTitle: 'Grabación del {{date}}',
  },
  upload: {
    progress: 'Subiendo: {{percent}} %',
    done: 'Tu toma está en tu biblioteca de medios y se está procesando.',
    failed: 'No se pudo subir la toma: {{message}}',
    kept: 'Tu toma se conserva en esta página: vuelve a intentarlo cuando quieras.',
  },
  errors: {
    title: 'No se puede grabar',
    denied: 'Se negó el acceso a la cámara o al micrófono. Permítelo en la configuración del navegador para este sitio y vuelve a activar.',
    noDevice: 'No se encontró ninguna cámara ni micrófono. Conecta uno y vuelve a activar.',
    busy: 'Otra aplicación está usando la cámara o el micrófono. Ciérrala y vuelve a activar.',
    unsupported: 'Este navegador no puede grabar. Usa una versión reciente de Chrome, Edge, Firefox o Safari.',
    screenUnsupported: 'Este navegador no puede compartir la pantalla. Graba tu cámara o tu micrófono, o usa una computadora.',
    cancelled: 'Se canceló o no se permitió compartir la pantalla. Vuelve a activar y elige qué compartir.',
    failed: 'No se pudo activar la cámara o el micrófono: {{message}}',
    recorder: 'La grabación se detuvo de forma inesperada: {{message}}',
    tooLong: 'La toma alcanzó la duración máxima permitida ({{limit}}) y se detuvo. Aún puedes conservarla.',
    tooLarge: 'La toma alcanzó el tamaño máximo permitido ({{limit}}) y se detuvo. Aún puedes conservarla.',
    ended: 'Se dejó de compartir la pantalla o se apagó un dispositivo, así que la grabación se detuvo.',
  },
};

export default es;
