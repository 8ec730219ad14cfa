extension AHAPDecoder {
    /// Resolves a waveform beside the pattern file and reads its length from the WAV header.
    ///
    /// The path was already checked to be relative and free of `..` escapes; here a symbolic link that leads
    /// out of the folder is an error too. A missing or unreadable file is only a diagnostic: the event is still
    /// costed, for its `EventDuration` when it has one, else ``AHAPSampler/fallbackCustomAudioSeconds``.
    mutating func resolveWaveform(_ path: String, of event: AHAPEvent, in folder: String, node: Int) throws(AHAPError) -> AHAPWaveform {
        var waveform = AHAPWaveform(path: path)
        let fallback =
            event.duration.map { "its EventDuration of \(formatted($0)) s" }
            ?? "\(AHAPSampler.fallbackCustomAudioSeconds) s"
        let candidate = folder + "/" + path
        let file: AHAPFile
        do {
            file = try AHAPFile(path: candidate)
        } catch .missing {
            try note(.waveformMissing, at: node, "waveform \(path) not found beside the pattern; costed as \(fallback)")
            return waveform
        } catch {
            try note(.waveformUnreadable, at: node, "waveform \(path) cannot be read; costed as \(fallback)")
            return waveform
        }
        if let root = AHAPFile.canonicalPath(folder), let resolved = AHAPFile.canonicalPath(candidate) {
            guard resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
                throw error(.waveformOutsideFolder, at: node, "EventWaveformPath \(path) leads outside the pattern's folder")
            }
            waveform.resolvedPath = resolved
        }
        let header: Result<WAVHeader, WAVHeader.Failure>
        do throws(WAVHeader.Failure) { header = .success(try WAVHeader.read(file)) } catch { header = .failure(error) }
        switch header {
        case .success(let header):
            waveform.durationSeconds = header.durationSeconds
            if header.truncated {
                try note(
                    .waveformUnreadable,
                    at: node,
                    "waveform \(path) claims more audio than the file holds; costed as the \(formatted(header.durationSeconds)) s present"
                )
            }
        case .failure(.notWAV):
            try note(.waveformUnreadable, at: node, "waveform \(path) is not a WAV file, so its length is unknown; costed as \(fallback)")
        case .failure(.broken(let reason)):
            try note(.waveformUnreadable, at: node, "waveform \(path) has a broken WAV header (\(reason)); costed as \(fallback)")
        }
        return waveform
    }
}
