import type * as Koffi from 'koffi';

/**
 * Debian's libpocketsphinx 0.8+5prealpha and libsphinxbase, called through koffi (FFI), so the
 * models are loaded once per process instead of once per recording (decision 036). Loaded only
 * inside the recogniser's child process (pocketsphinx-worker.ts): native code that crashes or
 * hangs costs that process, never the web server.
 */

/** The library names Debian's libpocketsphinx3 and libsphinxbase3 install. */
export const DEBIAN_LIBRARIES = {
  pocketsphinx: 'libpocketsphinx.so.3',
  sphinxbase: 'libsphinxbase.so.3',
};
/** pocketsphinx_continuous reads 2048 samples at a time; the voice activity detection is per block. */
const BLOCK_SAMPLES = 2048;
/** The name PocketSphinx gives the search built from `-lm` (ps_search.h's PS_DEFAULT_SEARCH). */
const DEFAULT_SEARCH = '_default';
const NGRAM_ARPA = 1;

type Pointer = unknown;

export class NativeUnavailableError extends Error {}

export interface NativeDecoder {
  /** The pronunciation dictionary in use (`-dict`). */
  readonly dictionaryPath: string;
  /** The recognised words of 16 kHz mono 16-bit samples, utterance by utterance, joined by spaces. */
  decode(samples: Int16Array): string;
  /** P(word | history) in the generic model (history most recent last), for choosing a weight. */
  genericProbability(word: string, history: readonly string[]): number;
  /** Interpolates the generic model with the ARPA model at `arpaPath`, the latter at `weight`. */
  interpolate(arpaPath: string, weight: number): void;
}

/**
 * Loads the decoder with pocketsphinx_continuous's defaults and `args` (e.g. `-maxhmmpf 3000`).
 * Throws NativeUnavailableError when koffi or the libraries are missing, or when the library is
 * not the build whose internals we reset between recordings (see resetStream).
 */
export async function createNativeDecoder(
  args: readonly string[] = [],
  libraries = DEBIAN_LIBRARIES,
): Promise<NativeDecoder> {
  let koffi: typeof Koffi;
  let ps: Koffi.LibraryHandle;
  let sb: Koffi.LibraryHandle;
  try {
    koffi = await import('koffi');
    ps = koffi.load(libraries.pocketsphinx);
    sb = koffi.load(libraries.sphinxbase);
  } catch (error) {
    throw new NativeUnavailableError(`PocketSphinx libraries: ${(error as Error).message}`);
  }

  const f = {
    ps_args: ps.func('void *ps_args()'),
    cmd_ln_parse_r: sb.func(
      'void *cmd_ln_parse_r(void *inout, void *defn, int argc, const char **argv, int strict)',
    ),
    ps_default_search_args: ps.func('void ps_default_search_args(void *config)'),
    ps_init: ps.func('void *ps_init(void *config)'),
    ps_start_stream: ps.func('int ps_start_stream(void *ps)'),
    ps_start_utt: ps.func('int ps_start_utt(void *ps)'),
    ps_end_utt: ps.func('int ps_end_utt(void *ps)'),
    ps_process_raw: ps.func(
      'int ps_process_raw(void *ps, const int16_t *data, size_t n, int no_search, int full_utt)',
    ),
    ps_get_in_speech: ps.func('uint8_t ps_get_in_speech(void *ps)'),
    ps_get_hyp: ps.func('const char *ps_get_hyp(void *ps, int32_t *score)'),
    ps_get_logmath: ps.func('void *ps_get_logmath(void *ps)'),
    ps_get_lm: ps.func('void *ps_get_lm(void *ps, const char *name)'),
    ps_set_lm: ps.func('int ps_set_lm(void *ps, const char *name, void *lm)'),
    ps_set_search: ps.func('int ps_set_search(void *ps, const char *name)'),
    logmath_retain: sb.func('void *logmath_retain(void *lmath)'),
    logmath_log_to_ln: sb.func('double logmath_log_to_ln(void *lmath, int logb)'),
    ngram_model_read: sb.func(
      'void *ngram_model_read(void *config, const char *path, int type, void *lmath)',
    ),
    ngram_model_retain: sb.func('void *ngram_model_retain(void *model)'),
    ngram_model_set_init: sb.func(
      'void *ngram_model_set_init(void *config, void **models, const char **names, const float *weights, int32_t n)',
    ),
    ngram_prob: sb.func('int32_t ngram_prob(void *model, const char **words, int32_t n)'),
  };

  // What pocketsphinx_continuous does: its defaults, the model's feat.params, no log.
  const argv = ['-logfn', '/dev/null', ...args];
  const config: Pointer = f.cmd_ln_parse_r(null, f.ps_args(), argv.length, argv, 1);
  if (!config) throw new NativeUnavailableError(`Bad decoder arguments: ${args.join(' ')}`);
  f.ps_default_search_args(config);
  const decoder: Pointer = f.ps_init(config);
  if (!decoder) throw new NativeUnavailableError('ps_init failed (models missing?)');
  const resetStream = streamReset(koffi, sb, decoder, config, () => {
    f.ps_start_stream(decoder);
  });
  const lmath: Pointer = f.ps_get_logmath(decoder);
  const generic: Pointer = f.ps_get_lm(decoder, DEFAULT_SEARCH);
  if (!generic) throw new NativeUnavailableError('The decoder has no language model');

  const cmd_ln_str_r = sb.func('const char *cmd_ln_str_r(void *config, const char *name)');
  return {
    dictionaryPath: (cmd_ln_str_r(config, '-dict') as string | null) ?? '',
    decode(samples) {
      // Every recording starts as a new process would: noise estimate, voice activity detection
      // and cepstral mean as just after loading, so no recording's text depends on the last one.
      resetStream();
      const texts: string[] = [];
      const take = () => {
        f.ps_end_utt(decoder);
        const hypothesis = f.ps_get_hyp(decoder, null) as string | null;
        if (hypothesis) texts.push(hypothesis);
      };
      // pocketsphinx_continuous's loop: an utterance ends where the detector hears silence.
      f.ps_start_utt(decoder);
      let inUtterance = false;
      for (let start = 0; start < samples.length; start += BLOCK_SAMPLES) {
        const block = samples.subarray(start, Math.min(start + BLOCK_SAMPLES, samples.length));
        f.ps_process_raw(decoder, block, block.length, 0, 0);
        const speech = f.ps_get_in_speech(decoder) !== 0;
        if (speech && !inUtterance) inUtterance = true;
        if (!speech && inUtterance) {
          take();
          f.ps_start_utt(decoder);
          inUtterance = false;
        }
      }
      if (inUtterance) take();
      else f.ps_end_utt(decoder);
      return texts.join(' ').trim();
    },
    genericProbability(word, history) {
      const words = [word, ...[...history].reverse()];
      const logProbability = f.ngram_prob(generic, words, words.length) as number;
      return Math.exp(f.logmath_log_to_ln(lmath, logProbability) as number);
    },
    interpolate(arpaPath, weight) {
      // The new model must share the decoder's log tables (ngram_model_set_init's rule); it
      // takes ownership of the one it is given, hence the retain.
      const journal: Pointer = f.ngram_model_read(
        config,
        arpaPath,
        NGRAM_ARPA,
        f.logmath_retain(lmath),
      );
      if (!journal) throw new Error(`Could not read the language model ${arpaPath}`);
      // The set owns its members; the generic model stays owned by the default search too.
      f.ngram_model_retain(generic);
      const set: Pointer = f.ngram_model_set_init(
        config,
        [generic, journal],
        ['generic', 'journal'],
        [1 - weight, weight],
        2,
      );
      if (!set) throw new Error('ngram_model_set_init failed');
      if (
        f.ps_set_lm(decoder, 'interpolated', set) < 0 ||
        f.ps_set_search(decoder, 'interpolated') < 0
      ) {
        throw new Error('The interpolated language model could not be searched');
      }
    },
  };
}

/**
 * The reset between recordings. ps_start_stream restarts the noise estimate and the voice
 * activity detection, but the live cepstral mean normalisation (cmn_t) carries over from the
 * last recording, and this library has no call to reset it: measured, the same file then gave
 * different words depending on which file came before. So the cmn_t is reached through the
 * decoder's structs (ps_decoder_t → acmod_t → feat_t → cmn_t, whose leading fields are public
 * or stable in 5prealpha) and its state as loaded is written back before each recording. The
 * path is checked once against what must be there (the config we passed, the 13 cepstra, the
 * model's -cmninit means), and a library that does not match is refused (the engine then falls
 * back to a process per recording).
 */
function streamReset(
  koffi: typeof Koffi,
  sb: Koffi.LibraryHandle,
  decoder: Pointer,
  config: Pointer,
  startStream: () => void,
): () => void {
  const psStart = koffi.struct('kaleido_ps_head', {
    config: 'void *',
    refcount: 'int',
    acmod: 'void *',
  });
  const acmodStart = koffi.struct('kaleido_acmod_head', {
    config: 'void *',
    lmath: 'void *',
    strings: 'void *',
    fe: 'void *',
    fcb: 'void *',
  });
  // sphinxbase/feat.h, up to cmn_struct.
  const featStart = koffi.struct('kaleido_feat_head', {
    refcount: 'int',
    name: 'const char *',
    cepsize: 'int32_t',
    n_stream: 'int32_t',
    stream_len: 'void *',
    window_size: 'int32_t',
    n_sv: 'int32_t',
    sv_len: 'void *',
    subvecs: 'void *',
    sv_buf: 'void *',
    sv_dim: 'int32_t',
    cmn: 'int',
    varnorm: 'int32_t',
    agc: 'int',
    compute_feat: 'void *',
    cmn_struct: 'void *',
  });
  // sphinxbase/cmn.h.
  const cmnType = koffi.struct('kaleido_cmn', {
    cmn_mean: 'void *',
    cmn_var: 'void *',
    sum: 'void *',
    nframe: 'int32_t',
    veclen: 'int32_t',
  });
  const cmd_ln_str_r = sb.func('const char *cmd_ln_str_r(void *config, const char *name)');
  const address = (pointer: Pointer) => koffi.address(pointer);

  const head = koffi.decode(decoder, psStart) as { config: Pointer; acmod: Pointer };
  const acmod = head.acmod
    ? (koffi.decode(head.acmod, acmodStart) as { config: Pointer; fcb: Pointer })
    : null;
  const feat = acmod?.fcb
    ? (koffi.decode(acmod.fcb, featStart) as { cepsize: number; cmn_struct: Pointer })
    : null;
  const cmnPointer = feat?.cmn_struct;
  const cmn = cmnPointer
    ? (koffi.decode(cmnPointer, cmnType) as {
        cmn_mean: Pointer;
        sum: Pointer;
        nframe: number;
        veclen: number;
      })
    : null;
  const expectedMeans = (cmd_ln_str_r(config, '-cmninit') as string | null)?.split(',').map(Number);
  const mean = cmn ? (koffi.decode(cmn.cmn_mean, 'float', cmn.veclen) as number[]) : [];
  const layoutHolds =
    address(head.config) === address(config) &&
    acmod !== null &&
    address(acmod.config) === address(config) &&
    feat?.cepsize === 13 &&
    cmn?.veclen === 13 &&
    expectedMeans?.length === 13 &&
    expectedMeans.every((value, i) => Math.abs(value - (mean[i] ?? NaN)) < 1e-4);
  if (!cmn || !cmnPointer || !layoutHolds) {
    throw new NativeUnavailableError(
      'This libpocketsphinx is not the 0.8+5prealpha build whose cepstral mean can be reset',
    );
  }
  const initialMean = [...mean];
  const initialSum = [...(koffi.decode(cmn.sum, 'float', cmn.veclen) as number[])];
  const initialFrames = cmn.nframe;
  return () => {
    startStream();
    koffi.encode(cmn.cmn_mean, 'float', initialMean, initialMean.length);
    koffi.encode(cmn.sum, 'float', initialSum, initialSum.length);
    koffi.encode(cmnPointer, cmnType, { ...cmn, nframe: initialFrames });
  };
}
